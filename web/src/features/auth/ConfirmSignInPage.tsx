import type { TwoFactorChallenge } from '@shared/api/auth';
import { authRoutes as routes } from '@shared/api/auth';
import { authMessages } from '@shared/api/auth-messages';
import { LogIn, MailWarning } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, api, errorMessage } from '../../api/client';
import { pageTitle } from '../../brand';
import { AuthLayout } from '../../components/layout/AuthLayout';
import { ButtonLink } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { useSession } from '../../session/context';
import styles from './AuthForms.module.css';
import { LazyTwoFactorDialog, preloadTwoFactorDialog } from './LazyTwoFactorDialog';
import { oncePerToken } from './oncePerToken';

const confirm = oncePerToken((token) => api(routes.confirmSignIn, { body: { token } }));

/** A refused link gets the product's words for it; a network failure or other answer its own message. */
function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status === 400) return authMessages.signInLinkInvalid;
  return errorMessage(error, authMessages.signInLinkInvalid);
}

/**
 * /confirm-sign-in?token=… — the link mailed when the right password came while the account was under
 * a password attack (issue 21): it finishes that sign-in, once, within 15 minutes, and opens the dashboard.
 * A two-factor account's link stands for the password only: the code dialog opens (issue 34 §1).
 */
export function ConfirmSignInPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const navigate = useNavigate();
  const { login } = useSession();
  const [failure, setFailure] = useState<string | null>(() => (token ? null : authMessages.signInLinkInvalid));
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);

  useEffect(() => {
    if (!token) return;
    let current = true;
    preloadTwoFactorDialog();
    confirm(token).then(
      (signedIn) => {
        if (!current) return;
        if (signedIn.requiresTwoFactor) {
          setChallenge(signedIn);
          return;
        }
        login(signedIn.token, signedIn.user);
        void navigate('/dashboard', { replace: true });
      },
      (error: unknown) => current && setFailure(failureText(error)),
    );
    return () => {
      current = false;
    };
  }, [token, login, navigate]);

  if (!failure && challenge) {
    return (
      <AuthLayout title="Two-factor code" subtitle="Enter the code from your authenticator app to finish signing in.">
        <title>{pageTitle('Two-factor code')}</title>
        <LazyTwoFactorDialog
          challenge={challenge}
          onClose={() => void navigate('/login', { replace: true })}
          onAttemptEnded={(message) => {
            setChallenge(null);
            setFailure(message);
          }}
        />
      </AuthLayout>
    );
  }

  if (!failure) {
    return (
      <AuthLayout title="Signing you in" subtitle="This only takes a moment.">
        <title>{pageTitle('Signing you in')}</title>
        <div className={styles.centerText}>
          <Spinner size="lg" label="Confirming your sign-in" />
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Sign-In Link Not Valid"
      subtitle={<span role="alert">{failure}</span>}
      icon={<MailWarning aria-hidden="true" />}
      iconTone="danger"
    >
      <title>{pageTitle('Sign-In Link Not Valid')}</title>
      <ButtonLink to="/login" size="lg" fullWidth icon={<LogIn aria-hidden="true" />}>
        Go to Login
      </ButtonLink>
    </AuthLayout>
  );
}
