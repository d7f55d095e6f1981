import { routes } from '@shared/api';
import { AUTHENTICATOR_CODE, twoFactorMessages } from '@shared/api/twofa';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { api, errorMessage } from '../../api/client';
import { useAutoSubmit } from '../../components/OneTimeCodeInput';
import { useToast } from '../../components/ui/Toast';
import { useSession } from '../../session/context';

/**
 * The wizard's verify step (SPEC §2 step 2): the code from the authenticator app, sent by itself 100 ms
 * after the 6th digit while `active`, or with 'Verify & Enable'. A code that is not six digits is refused
 * without a request; a wrong one empties the field, says so and gives it the focus back. Once enabled,
 * the signed-in user is the server's answer and `onEnabled` gets the backup codes.
 */
export function useVerifyCode(active: boolean, onEnabled: (backupCodes: string[]) => void) {
  const { setUser } = useSession();
  const toast = useToast();
  const codeRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const busy = useRef(false);

  const enable = useCallback(
    async (token: string) => {
      if (busy.current) return;
      if (!AUTHENTICATOR_CODE.test(token)) {
        setCodeError(twoFactorMessages.codeFormat);
        return;
      }
      busy.current = true;
      setVerifying(true);
      setCodeError(null);
      try {
        const enabled = await api(routes.enableTwoFactor, { body: { token } });
        setUser(enabled.user);
        toast.success(twoFactorMessages.enabled);
        onEnabled(enabled.backupCodes);
      } catch (error) {
        // The input was disabled while verifying: rendered enabled at once (flushSync), it takes the focus back.
        flushSync(() => {
          setCodeError(errorMessage(error, twoFactorMessages.invalidCode));
          setCode('');
          setVerifying(false);
        });
        codeRef.current?.focus();
      } finally {
        busy.current = false;
        setVerifying(false);
      }
    },
    [setUser, toast, onEnabled],
  );

  useAutoSubmit(code, active && !verifying, (complete) => void enable(complete));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void enable(code);
  }

  function changeCode(value: string) {
    setCode(value);
    setCodeError(null);
  }

  return { codeRef, code, changeCode, codeError, verifying, submit, clear: () => changeCode('') };
}
