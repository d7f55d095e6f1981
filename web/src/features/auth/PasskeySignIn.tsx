import type { SignedIn } from '@shared/api/auth';
import { Fingerprint } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/Button';

/** The passkeys' browser module, a chunk of its own that Settings shares: no other screen carries it. */
const passkeyCeremonies = () => import('../../lib/passkeyCeremonies');

interface PasskeySignInProps {
  onSignedIn: (answer: SignedIn) => void;
  onRefused: (error: unknown) => void;
  /** A passkey sign-in starts: what an earlier attempt showed goes. */
  onStart: () => void;
}

/**
 * 'Sign in with a passkey' on the sign-in page (issue 38 §1), where the browser has passkeys; where it offers them
 * in the username field's suggestions too (the field's `autocomplete="username webauthn"`), that request waits
 * meanwhile, until one is picked or the page closes.
 */
export function PasskeySignIn({ onSignedIn, onRefused, onStart }: PasskeySignInProps) {
  const [offered, setOffered] = useState(false);
  const [busy, setBusy] = useState(false);
  // The page's latest callbacks, for the autofill request that outlives the render that started it.
  const callbacks = useRef({ onSignedIn, onRefused });
  callbacks.current = { onSignedIn, onRefused };

  useEffect(() => {
    let open = true;
    void passkeyCeremonies().then(async (ceremonies) => {
      const support = await ceremonies.passkeySupport();
      if (!open) return;
      setOffered(support.passkeys);
      if (!support.autofill) return;
      const answer = await ceremonies.signInWithPasskey(true).catch((error: unknown) => {
        if (open) callbacks.current.onRefused(error);
        return null;
      });
      if (open && answer) callbacks.current.onSignedIn(answer);
    });
    return () => {
      open = false;
      void passkeyCeremonies().then((ceremonies) => ceremonies.cancelPasskeyPrompt());
    };
  }, []);

  async function start() {
    onStart();
    setBusy(true);
    try {
      const answer = await (await passkeyCeremonies()).signInWithPasskey(false);
      if (answer) onSignedIn(answer);
    } catch (error) {
      onRefused(error);
    } finally {
      setBusy(false);
    }
  }

  if (!offered) return null;
  return (
    <Button
      variant="secondary"
      size="lg"
      fullWidth
      loading={busy}
      loadingText="Waiting for your passkey..."
      icon={<Fingerprint aria-hidden="true" />}
      onClick={() => void start()}
    >
      Sign in with a passkey
    </Button>
  );
}
