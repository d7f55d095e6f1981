import { authRoutes as routes } from '@shared/api/auth';
import { emailProblem } from '@shared/domain/username';
import { ArrowLeft, Clock, KeyRound, Mail, MailCheck, Send, ShieldAlert } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { api, errorMessage } from '../../api/client';
import { pageTitle } from '../../brand';
import { AuthLayout } from '../../components/layout/AuthLayout';
import { Alert } from '../../components/ui/Alert';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import styles from './AuthForms.module.css';

const SEND_FAILED = 'Failed to send reset email. Please try again.';

const backToLogin = (
  <Link to="/login" className={styles.backLink}>
    <ArrowLeft aria-hidden="true" /> Back to Login
  </Link>
);

/** /forgot-password (SPEC §2 Forgot password). */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const problem = emailProblem(email);
    setError(problem ?? undefined);
    if (problem) return;
    setSubmitting(true);
    try {
      await api(routes.forgotPassword, { body: { email: email.trim() } });
      setSentTo(email.trim());
    } catch (caught) {
      setFailure(errorMessage(caught, SEND_FAILED));
    } finally {
      setSubmitting(false);
    }
  }

  if (sentTo) {
    return (
      <AuthLayout
        title="Check Your Email"
        subtitle={
          <>
            If an account exists for <strong className={styles.email}>{sentTo}</strong>, we&apos;ve sent a link to reset your password.
          </>
        }
        icon={<MailCheck aria-hidden="true" />}
        iconTone="success"
      >
        <title>{pageTitle('Check Your Email')}</title>
        <ul className={styles.facts}>
          <li>
            <Clock aria-hidden="true" />
            <span>Link expires in 1 hour</span>
          </li>
          <li>
            <ShieldAlert aria-hidden="true" />
            <span>Can&apos;t find it? Check your spam or junk folder.</span>
          </li>
        </ul>
        <ButtonLink to="/login" variant="secondary" size="lg" fullWidth>
          Back to Login
        </ButtonLink>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the email address of your account and we'll send you a link to reset your password."
      icon={<KeyRound aria-hidden="true" />}
      footer={backToLogin}
    >
      <title>{pageTitle('Forgot password')}</title>
      {failure && <Alert tone="danger" title={failure} />}
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <Input
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          icon={<Mail />}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(undefined);
          }}
          error={error}
          required
        />
        <Button type="submit" size="lg" fullWidth loading={submitting} loadingText="Sending..." icon={<Send aria-hidden="true" />}>
          Send Reset Link
        </Button>
      </form>
    </AuthLayout>
  );
}
