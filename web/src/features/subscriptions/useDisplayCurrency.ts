import { routes } from '@shared/api';
import { CURRENCIES, type CurrencyCode, normalizeCurrency } from '@shared/domain/currency';
import { useCallback, useRef, useState } from 'react';
import { api, errorMessage } from '../../api/client';
import { useToast } from '../../components/ui/Toast';
import { useCurrentUser, useSession } from '../../session/context';

/** SPEC §8 'Settings': the fallback when saving a preference fails. */
const SAVE_FAILED = 'Failed to update settings';

/**
 * The currency amounts are shown in: the user's saved preference (SPEC §3 currencyPreference),
 * switched at once when changed and saved with PUT /api/auth/settings; a failed save reverts it.
 */
export function useDisplayCurrency(): {
  currency: CurrencyCode;
  setCurrency(code: CurrencyCode): void;
} {
  const user = useCurrentUser();
  const { setUser } = useSession();
  const toast = useToast();
  const [pending, setPending] = useState<CurrencyCode | null>(null);
  const latestRequest = useRef(0);

  const setCurrency = useCallback(
    (code: CurrencyCode) => {
      const request = ++latestRequest.current;
      setPending(code);
      api(routes.updateSettings, { body: { currencyPreference: code } })
        .then(({ user: updated }) => {
          setUser(updated);
          toast.success(`Amounts now shown in ${CURRENCIES[code].name} (${code})`);
        })
        .catch((error: unknown) => toast.error(errorMessage(error, SAVE_FAILED)))
        .finally(() => {
          if (request === latestRequest.current) setPending(null);
        });
    },
    [setUser, toast],
  );

  return { currency: pending ?? normalizeCurrency(user.currencyPreference), setCurrency };
}
