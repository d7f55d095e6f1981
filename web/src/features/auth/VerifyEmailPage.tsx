import { authRoutes as routes } from '@shared/api/auth';
import { CircleCheck, LogIn, MailWarning } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, api } from '../../api/client';
import { pageTitle } from '../../brand';
import { AuthLayout } from '../../components/layout/AuthLayout';
import { ButtonLink } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import styles from './AuthForms.module.css';
import { oncePerToken } from './oncePerToken';

/** /unsubscribe and /confirm-sign-in, the other screens opened from e-mail links, in this screen's chunk (router.tsx). */
export { ConfirmSignInPage } from './ConfirmSignInPage';
export { UnsubscribePage } from './UnsubscribePage';

const NO_TOKEN = 'No verification token provided';
const EXPIRED = 'Your verification link has expired. You can request a new one after logging in.';
const INVALID = 'The verification link is invalid or has been used.';
const FAILED = 'Verification failed. Please try again.';
/** SPEC §9: redirect to /login 3 seconds after verification. */
const REDIRECT_DELAY_MS = 3000;

type Verification = { state: 'verifying' } | { state: 'success'; message: string } | { state: 'error'; message: string };

const verify = oncePerToken((token) => api(routes.verifyEmail, { params: { token } }));

/** SPEC §2 'Email verification': 'expired' errors and all others have their own texts. */
function failureText(error: unknown): string {
  if (!(error instanceof ApiError) || error.isNetworkError) return FAILED;
  return /expired/i.test(error.body.message) ? EXPIRED : INVALID;
}

/** /verify-email?token=… (SPEC §2 Email verification). */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const navigate = useNavigate();
  const [verification, setVerification] = useState<Verification>(() =>
    token ? { state: 'verifying' } : { state: 'error', message: NO_TOKEN },
  );

  useEffect(() => {
    if (!token) return;
    let current = true;
    verify(token).then(
      (response) => current && setVerification({ state: 'success', message: response.message }),
      (error: unknown) => current && setVerification({ state: 'error', message: failureText(error) }),
    );
    return () => {
      current = false;
    };
  }, [token]);

  useEffect(() => {
    if (verification.state !== 'success') return;
    const timer = window.setTimeout(() => navigate('/login', { replace: true }), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [verification.state, navigate]);

  if (verification.state === 'verifying') {
    return (
      <AuthLayout title="Verifying your email" subtitle="This only takes a moment.">
        <title>{pageTitle('Verifying your email')}</title>
        <div className={styles.centerText}>
          <Spinner size="lg" label="Verifying your email" />
        </div>
      </AuthLayout>
    );
  }

  if (verification.state === 'success') {
    return (
      <AuthLayout title="Email Verified!" subtitle={verification.message} icon={<CircleCheck aria-hidden="true" />} iconTone="success">
        <title>{pageTitle('Email Verified')}</title>
        <p className={styles.centerText} role="status">
          Redirecting you to the login page in 3 seconds...
        </p>
        <ButtonLink to="/login" replace size="lg" fullWidth icon={<LogIn aria-hidden="true" />}>
          Go to Login Now
        </ButtonLink>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Verification Failed"
      subtitle={<span role="alert">{verification.message}</span>}
      icon={<MailWarning aria-hidden="true" />}
      iconTone="danger"
    >
      <title>{pageTitle('Verification Failed')}</title>
      <div className={styles.stack}>
        <ButtonLink to="/login" size="lg" fullWidth icon={<LogIn aria-hidden="true" />}>
          Go to Login
        </ButtonLink>
        <ButtonLink to="/" variant="ghost" fullWidth>
          Back to Home
        </ButtonLink>
      </div>
    </AuthLayout>
  );
}
