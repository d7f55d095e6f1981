import { authMessages, authRoutes as routes } from '@shared/api/auth';
import { CircleCheck, Lock, Mail, User, UserPlus } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api, errorMessage } from '../../api/client';
import { pageTitle } from '../../brand';
import { AuthLayout } from '../../components/layout/AuthLayout';
import { PasswordStrengthMeter } from '../../components/PasswordStrengthMeter';
import { usePageDescription } from '../../components/pageDescription';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import styles from './AuthForms.module.css';
import { type FieldProblem, type RegistrationField, type RegistrationForm, registrationProblem } from './passwordForm';

/** 'Continue with <provider>' (issue 38 §2), a chunk of its own shared with the sign-in page. */
const OtherWaysToSignIn = lazy(async () => ({ default: (await import('./OtherWaysToSignIn')).OtherWaysToSignIn }));

const REGISTRATION_FAILED = 'Registration failed. Please try again.';

/**
 * /register (SPEC §2 Registration). `/register?email=<address>`, the link of an invitation to share a
 * subscription sent to an address without an account (issue 26), fills in the e-mail field.
 */
export function RegisterPage() {
  usePageDescription('Create your free Subscription Tracker account and get reminded before every renewal.');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [form, setForm] = useState<RegistrationForm>(() => ({
    username: '',
    email: searchParams.get('email')?.trim() ?? '',
    password: '',
    confirmPassword: '',
    acceptedTerms: false,
  }));
  const [problem, setProblem] = useState<FieldProblem<RegistrationField> | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [registered, setRegistered] = useState(false);
  /** False when the operator turned password sign-in off (issue 38 §2): accounts are made with the provider. */
  const [passwordSignIn, setPasswordSignIn] = useState(true);
  const fieldRefs = useRef<Partial<Record<RegistrationField, HTMLInputElement | null>>>({});

  function update<Field extends RegistrationField>(field: Field, value: RegistrationForm[Field]) {
    setForm((current) => ({ ...current, [field]: value }));
    if (problem?.field === field) setProblem(null);
  }

  const errorFor = (field: RegistrationField) => (problem?.field === field ? problem.message : undefined);
  const passwordsMatch = form.confirmPassword !== '' && form.password === form.confirmPassword;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const found = registrationProblem(form);
    setProblem(found);
    if (found) {
      fieldRefs.current[found.field]?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await api(routes.register, {
        body: { username: form.username.trim(), email: form.email.trim(), password: form.password },
      });
      setRegistered(true);
    } catch (error) {
      setFailure(errorMessage(error, REGISTRATION_FAILED));
    } finally {
      setSubmitting(false);
    }
  }

  const goToLogin = () => navigate('/login');

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Start tracking your subscriptions in minutes. It's free."
      footer={
        <>
          Already have an account? <Link to="/login">Sign in</Link>
        </>
      }
    >
      <title>{pageTitle('Create your account')}</title>
      {failure && <Alert tone="danger" title={failure} />}
      <form className={styles.form} onSubmit={onSubmit} noValidate hidden={!passwordSignIn}>
        <Input
          ref={(el) => {
            fieldRefs.current.username = el;
          }}
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          icon={<User />}
          hint="At least 3 characters: letters, numbers, dots, underscores or hyphens."
          value={form.username}
          onChange={(event) => update('username', event.target.value)}
          error={errorFor('username')}
          required
        />
        <Input
          ref={(el) => {
            fieldRefs.current.email = el;
          }}
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          icon={<Mail />}
          value={form.email}
          onChange={(event) => update('email', event.target.value)}
          error={errorFor('email')}
          required
        />
        <div className={styles.passwordField}>
          <Input
            ref={(el) => {
              fieldRefs.current.password = el;
            }}
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            icon={<Lock />}
            value={form.password}
            onChange={(event) => update('password', event.target.value)}
            error={errorFor('password')}
            // The meter exists only once something is typed: never point at a missing id.
            aria-describedby={form.password ? 'password-strength' : undefined}
            required
          />
          <PasswordStrengthMeter id="password-strength" password={form.password} />
        </div>
        <Input
          ref={(el) => {
            fieldRefs.current.confirmPassword = el;
          }}
          label="Confirm password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          icon={<Lock />}
          value={form.confirmPassword}
          onChange={(event) => update('confirmPassword', event.target.value)}
          error={errorFor('confirmPassword')}
          hint={
            passwordsMatch ? (
              <span className={styles.matchHint}>
                <CircleCheck aria-hidden="true" /> Passwords match
              </span>
            ) : undefined
          }
          required
        />
        <Checkbox
          ref={(el) => {
            fieldRefs.current.acceptedTerms = el;
          }}
          className={styles.terms}
          name="acceptedTerms"
          checked={form.acceptedTerms}
          onChange={(event) => update('acceptedTerms', event.target.checked)}
          error={errorFor('acceptedTerms')}
          label={
            <>
              I agree to the{' '}
              <Link to="/terms" target="_blank" rel="noopener">
                Terms of Service<span className="visually-hidden"> (opens in a new tab)</span>
              </Link>{' '}
              and{' '}
              <Link to="/privacy" target="_blank" rel="noopener">
                Privacy Policy<span className="visually-hidden"> (opens in a new tab)</span>
              </Link>
            </>
          }
        />
        <Button
          type="submit"
          size="lg"
          fullWidth
          loading={submitting}
          loadingText="Creating account..."
          icon={<UserPlus aria-hidden="true" />}
        >
          Create Account
        </Button>
      </form>
      <Suspense fallback={null}>
        <OtherWaysToSignIn mode="sign-up" onSettings={(settings) => setPasswordSignIn(settings.passwordSignIn)} />
      </Suspense>

      <Modal
        open={registered}
        onClose={goToLogin}
        size="sm"
        icon={<CircleCheck aria-hidden="true" />}
        tone="success"
        title="Registration Successful!"
        description={authMessages.registered}
        hideCloseButton
        footer={
          <Button size="lg" onClick={goToLogin}>
            Go to Login
          </Button>
        }
      />
    </AuthLayout>
  );
}
