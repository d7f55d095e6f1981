import type { SignedIn } from '@shared/api/auth';
import { passkeyRoutes } from '@shared/api/passkeys';
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';
import { api } from '../api/client';

/**
 * The browser's half of passkeys (issue 38 §1), with @simplewebauthn/browser: a module of its own, which the sign-in
 * page loads only when it offers a passkey and Settings with its Passkeys card.
 */

/** The browser refused or the user dismissed its prompt: nothing to tell but that it did not happen. */
const isDismissed = (error: unknown) => error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');

/** Whether this browser makes and uses passkeys, and offers them in the username field's autofill. */
export async function passkeySupport(): Promise<{ passkeys: boolean; autofill: boolean }> {
  const passkeys = browserSupportsWebAuthn();
  return { passkeys, autofill: passkeys && (await browserSupportsWebAuthnAutofill()) };
}

/**
 * Signs in with a passkey: the browser's prompt (or, with `autofill`, the username field's suggestions, waiting until
 * the user picks one), then the server's check. Null when the user dismissed it or another sign-in took its place.
 */
export async function signInWithPasskey(autofill: boolean): Promise<SignedIn | null> {
  const ceremony = await api(passkeyRoutes.passkeySignInOptions);
  let credential: Awaited<ReturnType<typeof startAuthentication>>;
  try {
    credential = await startAuthentication({
      optionsJSON: ceremony.options as unknown as PublicKeyCredentialRequestOptionsJSON,
      useBrowserAutofill: autofill,
    });
  } catch (error) {
    if (isDismissed(error)) return null;
    throw error;
  }
  return api(passkeyRoutes.passkeySignIn, {
    body: {
      ticket: ceremony.ticket,
      credential: credential as unknown as Record<string, unknown>,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    },
  });
}

/** Ends a passkey prompt still waiting (the username field's autofill, when the sign-in page closes). */
export function cancelPasskeyPrompt(): void {
  WebAuthnAbortService.cancelCeremony();
}

/**
 * Adds a passkey: the owner's proof (the password, or a fresh sign-in at the provider for an account without one)
 * checked with the options, the browser's prompt, then the server's check. Null when the user dismissed the prompt.
 */
export async function addPasskey(proof: { password: string } | { confirmation: string }, name: string) {
  const ceremony = await api(passkeyRoutes.passkeyRegistrationOptions, { body: proof });
  let credential: Awaited<ReturnType<typeof startRegistration>>;
  try {
    credential = await startRegistration({ optionsJSON: ceremony.options as unknown as PublicKeyCredentialCreationOptionsJSON });
  } catch (error) {
    if (isDismissed(error)) return null;
    throw error;
  }
  return api(passkeyRoutes.addPasskey, {
    body: { ticket: ceremony.ticket, name, credential: credential as unknown as Record<string, unknown> },
  });
}
