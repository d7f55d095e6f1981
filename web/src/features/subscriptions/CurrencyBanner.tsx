import { CURRENCIES, type CurrencyCode, DEFAULT_CURRENCY } from '@shared/domain/currency';
import { Coins } from 'lucide-react';
import styles from './CurrencyBanner.module.css';

/** The currency banner (SPEC §2 Dashboard): which currency amounts are shown in, and how they are converted. */
export function CurrencyBanner({ currency }: { currency: CurrencyCode }) {
  const { name, symbol, rate } = CURRENCIES[currency];
  return (
    <div className={styles.banner} role="note">
      <span className={styles.icon} aria-hidden="true">
        <Coins />
      </span>
      <p className={styles.text}>
        Amounts are shown in{' '}
        <strong>
          {name} ({symbol})
        </strong>
        {currency === DEFAULT_CURRENCY ? (
          <>. Pick another currency below to convert them from USD at fixed rates.</>
        ) : (
          <>
            , converted from USD at a fixed rate of{' '}
            <span className={styles.rate}>
              1 USD = {rate} {currency}
            </span>
            .
          </>
        )}
      </p>
    </div>
  );
}
