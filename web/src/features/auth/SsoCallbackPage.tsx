import type { SignedIn, TwoFactorChallenge } from '@shared/api/auth';
import { type SsoOutcome, ssoRoutes } from '@shared/api/sso';
import { Link2, Lock, User, UserPlus } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api, errorMessage } from '../../api/client';
import { pageTitle } from '../../brand';
import { AuthLayout } from '../../components/layout/AuthLayout';
import { usePageDescription } from '../../components/pageDescription';
import { Alert } from '../../components/ui/Alert';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { Spinner } from '../../components/ui/Spinner';
import { useToast } from '../../components/ui/Toast';
import { keepPasskeyConfirmation } from '../../lib/passkeyConfirmation';
import { useSession } from '../../session/context';
import styles from './AuthForms.module.css';
import { LazyTwoFactorDialog } from './LazyTwoFactorDialog';
import { oncePerToken } from './oncePerToken';

const FAILED = 'Single sign-on did not finish. Please start again.';

/** The provider's answer is used once, however often the screen mounts. */
const finish = oncePerToken((query: string) => api(ssoRoutes.finishSso, { body: { query } }));

type NewIdentity = Extract<SsoOutcome, { outcome: 'new-identity' }>;

/**
 * /sign-in/sso (issue 38 §2): where the single sign-on provider sends the browser back. A known identity is signed in
 * (its two-factor code asked when the account has one), a link from Settings goes back there; a new identity chooses
 * between a new account (when the site allows it) and linking the account it has, which asks that account's password.
 */
export function SsoCallbackPage() {
  usePageDescription('Finishing your sign-in with single sign-on.');
  const { search } = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const { login } = useSession();
  const [identity, setIdentity] = useState<NewIdentity | null>(null);
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [username, setUsername] = useState('');
  const [linkUsername, setLinkUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState<'sign-up' | 'link' | null>(null);

  function signedIn(answer: SignedIn | TwoFactorChallenge) {
    if (answer.requiresTwoFactor) {
      setChallenge(answer);
      return;
    }
    login(answer.token, answer.user);
    void navigate('/dashboard', { replace: true });
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the answer the provider sent back.
  useEffect(() => {
    finish(search).then(
      (result) => {
        if (result.outcome === 'signed-in') signedIn(result.signIn);
        else if (result.outcome === 'linked') {
          toast.success(result.message);
          void navigate('/settings', { replace: true });
        } else if (result.outcome === 'confirmed') {
          // Back to Settings → Passkeys, which adds the passkey with this proof.
          keepPasskeyConfirmation(result.confirmation);
          void navigate('/settings', { replace: true });
        } else {
          setIdentity(result);
          setUsername(result.suggestedUsername);
        }
      },
      (error: unknown) => setFailure(errorMessage(error, FAILED)),
    );
  }, [search]);

  async function submit(event: FormEvent, kind: 'sign-up' | 'link') {
    event.preventDefault();
    if (!identity) return;
    setFailure(null);
    setBusy(kind);
    try {
      const answer =
        kind === 'sign-up'
          ? await api(ssoRoutes.ssoSignUp, { body: { ticket: identity.ticket, username } })
          : await api(ssoRoutes.ssoLink, { body: { ticket: identity.ticket, username: linkUsername, password } });
      signedIn(answer);
    } catch (error) {
      setFailure(errorMessage(error, FAILED));
    } finally {
      setBusy(null);
    }
  }

  return (
    <AuthLayout
      title={identity ? 'Welcome' : 'Signing you in'}
      subtitle={identity ? 'No account uses this sign-in yet.' : 'Finishing your sign-in with single sign-on.'}
    >
      <title>{pageTitle('Single sign-on')}</title>
      {failure && (
        <Alert
          tone="danger"
          title={failure}
          actions={
            <ButtonLink to="/login" variant="secondary" size="sm">
              Back to sign in
            </ButtonLink>
          }
        />
      )}
      {!identity && !failure && !challenge && <Spinner size="lg" label="Signing you in" />}
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
      {identity?.canSignUp && (
        <form className={styles.form} onSubmit={(event) => void submit(event, 'sign-up')} aria-label="New account" noValidate>
          <h2 className={styles.panelTitle}>Create your account</h2>
          {identity.email && <p className={styles.panelText}>Its e-mail address will be {identity.email}.</p>}
          <Input
            label="Username"
            autoComplete="username"
            icon={<User />}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            required
          />
          <Button
            type="submit"
            size="lg"
            fullWidth
            loading={busy === 'sign-up'}
            loadingText="Creating..."
            icon={<UserPlus aria-hidden="true" />}
          >
            Create Account
          </Button>
        </form>
      )}
      {identity && (
        <form className={styles.form} onSubmit={(event) => void submit(event, 'link')} aria-label="Link your account" noValidate>
          <h2 className={styles.panelTitle}>Already have an account?</h2>
          <p className={styles.panelText}>Sign in to it once with its password: this sign-in is then linked to it.</p>
          <Input
            label="Username"
            name="username"
            autoComplete="username"
            icon={<User />}
            value={linkUsername}
            onChange={(event) => setLinkUsername(event.target.value)}
            required
          />
          <Input
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            icon={<Lock />}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            required
          />
          <Button
            type="submit"
            variant="secondary"
            size="lg"
            fullWidth
            loading={busy === 'link'}
            loadingText="Linking..."
            icon={<Link2 aria-hidden="true" />}
          >
            Sign In and Link
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
