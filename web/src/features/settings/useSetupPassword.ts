import { authMessages, routes } from '@shared/api';
import { type TwoFactorSetup, twoFactorMessages } from '@shared/api/twofa';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError, api, errorMessage } from '../../api/client';

/** The server's refusals of the password itself: they show at the password field; anything else above it. */
const PASSWORD_MESSAGES: readonly string[] = [
  authMessages.passwordRequiredForTwoFactor,
  authMessages.currentPasswordWrong,
  authMessages.tooManyAttempts,
  'Password is required',
];

export type PasswordFailure = { field: string } | { alert: string };

/**
 * The wizard's first step (issue 21): the current password, with which the server makes a new secret,
 * so a stolen session alone cannot add an authenticator. A refusal of the password shows at its field,
 * any other failure above it, and each gives the field the focus again. Closing the wizard (it
 * unmounts) abandons the request under way.
 */
export function useSetupPassword(onSetup: (setup: TwoFactorSetup) => void) {
  const passwordRef = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<PasswordFailure | null>(null);
  const [confirming, setConfirming] = useState(false);
  /** Counts refusals of the password: each one gives the (enabled again) password field the focus. */
  const [refusals, setRefusals] = useState(0);
  /** The set-up request in flight: closing the wizard abandons it. */
  const setupRequest = useRef<AbortController | null>(null);

  useEffect(() => () => setupRequest.current?.abort(), []);

  useEffect(() => {
    if (refusals) passwordRef.current?.focus();
  }, [refusals]);

  function refuse(next: PasswordFailure) {
    setFailure(next);
    setRefusals((n) => n + 1);
  }

  async function confirmPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (confirming) return;
    if (!password) {
      refuse({ field: authMessages.passwordRequiredForTwoFactor });
      return;
    }
    const controller = new AbortController();
    setupRequest.current = controller;
    setConfirming(true);
    setFailure(null);
    try {
      const setup = await api(routes.setupTwoFactor, { body: { password }, signal: controller.signal });
      setPassword('');
      onSetup(setup);
    } catch (error) {
      if (controller.signal.aborted) return;
      const message = errorMessage(error, twoFactorMessages.setupFailed);
      const refusesPassword = error instanceof ApiError && PASSWORD_MESSAGES.includes(error.body.message);
      refuse(refusesPassword ? { field: message } : { alert: message });
    } finally {
      if (!controller.signal.aborted) setConfirming(false);
    }
  }

  function changePassword(value: string) {
    setPassword(value);
    setFailure(null);
  }

  return { passwordRef, password, changePassword, failure, confirming, confirmPassword };
}
