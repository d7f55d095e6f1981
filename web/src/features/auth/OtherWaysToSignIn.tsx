import type { SignedIn } from '@shared/api/auth';
import { type SsoSettings, ssoRoutes } from '@shared/api/sso';
import { Fingerprint, LogIn } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ApiError, api, errorMessage } from '../../api/client';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';

/** The passkeys' browser module, a chunk of its own that Settings shares: no other screen carries it. */
const passkeyCeremonies = () => import('../../lib/passkeyCeremonies');

const SSO_FAILED = 'Single sign-on could not start. Please try again.';

interface OtherWaysToSignInProps {
  /** The sign-in page offers passkeys too; the sign-up page the provider only. */
  mode: 'sign-in' | 'sign-up';
  onSignedIn?: (answer: SignedIn) => void;
  onRefused?: (error: unknown) => void;
  /** A passkey sign-in starts: what an earlier attempt showed goes. */
  onStart?: () => void;
  /** What the site offers (issue 38 §2): the page hides its password form when the operator turned it off. */
  onSettings?: (settings: SsoSettings) => void;
}

/**
 * The ways in beside the password (issue 38), a chunk of their own so the sign-in pages stay light: 'Continue with
 * <provider>' when the operator set one up (§2), and on the sign-in page 'Sign in with a passkey' where the browser
 * has passkeys (§1). Where the browser offers passkeys in the username field's suggestions too (its
 * `autocomplete="username webauthn"`), that request waits meanwhile, until one is picked or the page closes.
 */
export function OtherWaysToSignIn({ mode, onSignedIn, onRefused, onStart, onSettings }: OtherWaysToSignInProps) {
  const [provider, setProvider] = useState<string | null>(null);
  const [passkeys, setPasskeys] = useState(false);
  const [busy, setBusy] = useState<'passkey' | 'sso' | null>(null);
  const [ssoFailure, setSsoFailure] = useState<string | null>(null);
  // The page's latest callbacks, for the requests that outlive the render that started them.
  const callbacks = useRef({ onSignedIn, onRefused, onSettings });
  callbacks.current = { onSignedIn, onRefused, onSettings };

  useEffect(() => {
    let open = true;
    void api(ssoRoutes.ssoSettings).then(
      (settings) => {
        if (!open) return;
        setProvider(settings.provider?.name ?? null);
        callbacks.current.onSettings?.(settings);
      },
      () => undefined,
    );
    if (mode === 'sign-in') {
      void passkeyCeremonies().then(async (ceremonies) => {
        const support = await ceremonies.passkeySupport();
        if (!open) return;
        setPasskeys(support.passkeys);
        if (!support.autofill) return;
        const answer = await ceremonies.signInWithPasskey(true).catch((error: unknown) => {
          // The server's refusal of a passkey picked from the field is told; the browser's own troubles with a
          // request nobody asked for yet (no authenticator, a prompt another one replaced) are not.
          if (open && error instanceof ApiError) callbacks.current.onRefused?.(error);
          return null;
        });
        if (open && answer) callbacks.current.onSignedIn?.(answer);
      });
    }
    return () => {
      open = false;
      if (mode === 'sign-in') void passkeyCeremonies().then((ceremonies) => ceremonies.cancelPasskeyPrompt());
    };
  }, [mode]);

  async function passkeySignIn() {
    onStart?.();
    setBusy('passkey');
    try {
      const answer = await (await passkeyCeremonies()).signInWithPasskey(false);
      if (answer) onSignedIn?.(answer);
    } catch (error) {
      onRefused?.(error);
    } finally {
      setBusy(null);
    }
  }

  /** Off to the provider; it sends the browser back to /sign-in/sso. */
  async function continueWithProvider() {
    setSsoFailure(null);
    setBusy('sso');
    try {
      const { authorizationUrl } = await api(ssoRoutes.startSso, { body: { intent: 'sign-in' } });
      window.location.assign(authorizationUrl);
    } catch (error) {
      setSsoFailure(errorMessage(error, SSO_FAILED));
      setBusy(null);
    }
  }

  if (!provider && !passkeys) return null;
  return (
    <>
      {ssoFailure && <Alert tone="danger" title={ssoFailure} />}
      {provider && (
        <Button
          variant="secondary"
          size="lg"
          fullWidth
          loading={busy === 'sso'}
          loadingText={`Going to ${provider}...`}
          icon={<LogIn aria-hidden="true" />}
          onClick={() => void continueWithProvider()}
        >
          Continue with {provider}
        </Button>
      )}
      {passkeys && (
        <Button
          variant="secondary"
          size="lg"
          fullWidth
          loading={busy === 'passkey'}
          loadingText="Waiting for your passkey..."
          icon={<Fingerprint aria-hidden="true" />}
          onClick={() => void passkeySignIn()}
        >
          Sign in with a passkey
        </Button>
      )}
    </>
  );
}
