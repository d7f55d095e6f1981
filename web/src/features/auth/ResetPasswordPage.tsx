import { authRoutes as routes } from '@shared/api/auth';
import { CircleCheck, KeyRound, Link2Off, Lock, RefreshCw } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api, errorMessage } from '../../api/client';
import { pageTitle } from '../../brand';
import { AuthLayout } from '../../components/layout/AuthLayout';
import { PasswordStrengthMeter } from '../../components/PasswordStrengthMeter';
import { Alert } from '../../components/ui/Alert';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import styles from './AuthForms.module.css';
import { type FieldProblem, newPasswordProblem } from './passwordForm';

const RESET_FAILED = 'Failed to reset password. The link may have expired.';
/** SPEC §9: redirect to /login 3 seconds after a successful reset. */
const REDIRECT_DELAY_MS = 3000;

/** /reset-password?token=… (SPEC §2 Reset password). */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  if (!token) {
    return (
      <AuthLayout
        title="Invalid Reset Link"
        subtitle="This password reset link is missing its token. Request a new link to reset your password."
        icon={<Link2Off aria-hidden="true" />}
        iconTone="danger"
      >
        <title>{pageTitle('Invalid Reset Link')}</title>
        <ButtonLink to="/forgot-password" size="lg" fullWidth icon={<RefreshCw aria-hidden="true" />}>
          Request New Link
        </ButtonLink>
      </AuthLayout>
    );
  }
  return <ResetPasswordForm token={token} />;
}

function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [problem, setProblem] = useState<FieldProblem<'password' | 'confirmPassword'> | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate('/login', { replace: true }), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  if (done) {
    return (
      <AuthLayout
        title="Password Reset Successful!"
        subtitle="Your password has been changed. Redirecting you to the login page..."
        icon={<CircleCheck aria-hidden="true" />}
        iconTone="success"
      >
        <title>{pageTitle('Password Reset Successful!')}</title>
        <ButtonLink to="/login" replace size="lg" fullWidth>
          Go to Login
        </ButtonLink>
      </AuthLayout>
    );
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const found = newPasswordProblem(password, confirmPassword);
    setProblem(found);
    if (found) {
      (found.field === 'password' ? passwordRef : confirmRef).current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await api(routes.resetPassword, { body: { token, password } });
      setDone(true);
    } catch (error) {
      setFailure(errorMessage(error, RESET_FAILED));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthLayout
      title="Set a new password"
      subtitle="Choose a strong password you don't use anywhere else."
      icon={<KeyRound aria-hidden="true" />}
      footer={<Link to="/login">Back to Login</Link>}
    >
      <title>{pageTitle('Reset password')}</title>
      {failure && (
        <Alert
          tone="danger"
          title={failure}
          actions={
            <ButtonLink to="/forgot-password" variant="secondary" size="sm">
              Request New Link
            </ButtonLink>
          }
        />
      )}
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <div className={styles.passwordField}>
          <Input
            ref={passwordRef}
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            icon={<Lock />}
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              if (problem?.field === 'password') setProblem(null);
            }}
            error={problem?.field === 'password' ? problem.message : undefined}
            // The meter exists only once something is typed: never point at a missing id.
            aria-describedby={password ? 'password-strength' : undefined}
            required
          />
          <PasswordStrengthMeter id="password-strength" password={password} />
        </div>
        <Input
          ref={confirmRef}
          label="Confirm new password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          icon={<Lock />}
          value={confirmPassword}
          onChange={(event) => {
            setConfirmPassword(event.target.value);
            if (problem?.field === 'confirmPassword') setProblem(null);
          }}
          error={problem?.field === 'confirmPassword' ? problem.message : undefined}
          hint={
            confirmPassword !== '' && password === confirmPassword ? (
              <span className={styles.matchHint}>
                <CircleCheck aria-hidden="true" /> Passwords match
              </span>
            ) : undefined
          }
          required
        />
        <Button type="submit" size="lg" fullWidth loading={submitting} loadingText="Resetting...">
          Reset Password
        </Button>
      </form>
    </AuthLayout>
  );
}
