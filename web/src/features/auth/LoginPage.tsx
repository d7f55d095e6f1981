import { authMessages, loginBody, authRoutes as routes, type SignedIn, type TwoFactorChallenge } from '@shared/api/auth';
import { LifeBuoy, Lock, LogIn, MailCheck, Send, User } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, api, errorMessage } from '../../api/client';
import { pageTitle } from '../../brand';
import { AuthLayout } from '../../components/layout/AuthLayout';
import { usePageDescription } from '../../components/pageDescription';
import { Alert } from '../../components/ui/Alert';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { fieldErrors } from '../../lib/fieldErrors';
import { useSession } from '../../session/context';
import { storedDeviceToken } from '../../session/deviceToken';
import { clearNotice, peekNotice } from '../../session/storage';
import styles from './AuthForms.module.css';
import { LazyTwoFactorDialog, preloadTwoFactorDialog } from './LazyTwoFactorDialog';

const INVALID_LOGIN = 'Invalid username or password';
const PASSKEY_FAILED = 'Signing in with a passkey failed. Please try again.';

/** 'Continue with <provider>' and 'Sign in with a passkey' (issue 38), a chunk of their own: most visits use a password. */
const OtherWaysToSignIn = lazy(async () => ({ default: (await import('./OtherWaysToSignIn')).OtherWaysToSignIn }));
const RESEND_FAILED = 'Failed to resend verification email. Please try again.';

type ResendState = 'idle' | 'sending' | 'sent' | 'failed';

/** The notices a forced sign-out stored, read once when the screen opens and then cleared (SPEC §2 Login). */
function useSignOutNotices() {
  const [notices] = useState(() => ({
    deactivation: peekNotice('deactivationMessage'),
    session: peekNotice('sessionMessage'),
  }));
  useEffect(() => {
    clearNotice('deactivationMessage');
    clearNotice('sessionMessage');
  }, []);
  return notices;
}

/** /login (SPEC §2 Login). */
export function LoginPage() {
  usePageDescription('Sign in to Subscription Tracker to see your subscriptions, totals and upcoming renewals.');
  const navigate = useNavigate();
  const { login } = useSession();
  const notices = useSignOutNotices();

  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [showContactSupport, setShowContactSupport] = useState(false);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  /** The password was right, but the account is under a password attack: a mailed link finishes the sign-in (issue 21). */
  const [signInLinkSent, setSignInLinkSent] = useState(false);
  const [resend, setResend] = useState<ResendState>('idle');
  /** The pending two-factor sign-in (user id and ticket) while the code dialog is open. */
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  function signedIn(answer: SignedIn) {
    login(answer.token, answer.user);
    void navigate('/dashboard', { replace: true });
  }

  /** Tells why a sign-in was refused, as the password's and the passkey's both can be. */
  function showRefusal(error: unknown, fallback: string) {
    if (error instanceof ApiError && error.body.requiresVerification && error.body.email) {
      setUnverifiedEmail(error.body.email);
      return;
    }
    if (error instanceof ApiError && error.body.signInLinkSent) {
      setSignInLinkSent(true);
      return;
    }
    setFailure(errorMessage(error, fallback));
    setShowContactSupport(error instanceof ApiError && Boolean(error.body.showContactSupport));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = loginBody.safeParse({ username, password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setFailure(null);
    setShowContactSupport(false);
    setUnverifiedEmail(null);
    setSignInLinkSent(false);
    setChallenge(null);
    setResend('idle');
    setSubmitting(true);
    preloadTwoFactorDialog();
    try {
      const response = await api(routes.login, {
        body: {
          username,
          password,
          timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
          deviceToken: storedDeviceToken(),
        },
      });
      if (response.requiresTwoFactor) {
        setChallenge({ requiresTwoFactor: true, userId: response.userId, twoFactorTicket: response.twoFactorTicket });
        setSubmitting(false);
        return;
      }
      signedIn(response);
    } catch (error) {
      setSubmitting(false);
      showRefusal(error, INVALID_LOGIN);
    }
  }

  async function resendVerification() {
    if (!unverifiedEmail) return;
    setResend('sending');
    try {
      await api(routes.resendVerificationPublic, { body: { email: unverifiedEmail } });
      setResend('sent');
    } catch {
      setResend('failed');
    }
  }

  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Sign in to manage your subscriptions."
      footer={
        <>
          Don&apos;t have an account? <Link to="/register">Create one here</Link>
        </>
      }
    >
      <title>{pageTitle('Login')}</title>
      {notices.deactivation && (
        <Alert
          tone="danger"
          title={notices.deactivation}
          actions={
            <ButtonLink to="/contact" variant="secondary" size="sm" icon={<LifeBuoy aria-hidden="true" />}>
              Contact Support
            </ButtonLink>
          }
        />
      )}
      {notices.session && <Alert tone="warning" title={notices.session} />}

      {unverifiedEmail && (
        <div className={styles.panel} role="status">
          <MailCheck className={styles.panelIcon} aria-hidden="true" />
          <h2 className={styles.panelTitle}>{authMessages.verificationRequired}</h2>
          <p className={styles.panelText}>
            We sent a verification link to <strong className={styles.email}>{unverifiedEmail}</strong>. Open it to activate your account,
            then sign in.
          </p>
          {resend === 'sent' ? (
            <p className={styles.sent}>Email Sent!</p>
          ) : (
            <Button
              variant="secondary"
              fullWidth
              icon={<Send aria-hidden="true" />}
              loading={resend === 'sending'}
              loadingText="Sending..."
              onClick={resendVerification}
            >
              Resend Verification Email
            </Button>
          )}
          {resend === 'failed' && <Alert tone="danger">{RESEND_FAILED}</Alert>}
        </div>
      )}

      {signInLinkSent && (
        <div className={styles.panel} role="status">
          <MailCheck className={styles.panelIcon} aria-hidden="true" />
          <h2 className={styles.panelTitle}>Check your email to finish signing in</h2>
          <p className={styles.panelText}>{authMessages.signInLinkSent} The link works once.</p>
        </div>
      )}

      {challenge && (
        <LazyTwoFactorDialog
          challenge={challenge}
          onClose={() => setChallenge(null)}
          onAttemptEnded={(message) => {
            setChallenge(null);
            setFailure(message);
          }}
        />
      )}

      {failure && (
        <Alert
          tone="danger"
          title={failure}
          actions={
            showContactSupport && (
              <ButtonLink to="/contact" variant="secondary" size="sm" icon={<LifeBuoy aria-hidden="true" />}>
                Contact Support
              </ButtonLink>
            )
          }
        />
      )}

      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <Input
          label="Username"
          name="username"
          autoComplete="username webauthn"
          autoCapitalize="none"
          spellCheck={false}
          icon={<User />}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          error={errors.username}
          required
        />
        <div className={styles.passwordField}>
          <Input
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            icon={<Lock />}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.password}
            required
          />
          <Link to="/forgot-password" className={styles.forgot}>
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" fullWidth loading={submitting} loadingText="Logging in..." icon={<LogIn aria-hidden="true" />}>
          Login
        </Button>
      </form>
      <Suspense fallback={null}>
        <OtherWaysToSignIn
          mode="sign-in"
          onSignedIn={signedIn}
          onRefused={(error) => showRefusal(error, PASSKEY_FAILED)}
          onStart={() => {
            setFailure(null);
            setShowContactSupport(false);
            setUnverifiedEmail(null);
          }}
        />
      </Suspense>
    </AuthLayout>
  );
}
