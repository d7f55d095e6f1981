import { CURRENCIES, type CurrencyCode, DEFAULT_CURRENCY, type RateTable, rateOf } from '@shared/domain/currency';
import { ratesLabel } from '@shared/domain/subscription-report';
import { Coins } from 'lucide-react';
import styles from './CurrencyBanner.module.css';

/**
 * The currency banner (SPEC §2 Dashboard): which currency totals are shown in, and how subscriptions
 * billed in other currencies are converted (issue 24 §1: each keeps its own; the rates and their day).
 */
export function CurrencyBanner({ currency, rates }: { currency: CurrencyCode; rates: RateTable }) {
  const { name, symbol } = CURRENCIES[currency];
  const rate = Number(rateOf(currency, rates).toPrecision(6));
  return (
    <div className={styles.banner} role="note">
      <span className={styles.icon} aria-hidden="true">
        <Coins />
      </span>
      <p className={styles.text}>
        Totals are shown in{' '}
        <strong>
          {name} ({symbol})
        </strong>
        ; each subscription keeps the currency it is billed in, converted at {ratesLabel(rates.date)}
        {currency === DEFAULT_CURRENCY ? (
          '.'
        ) : (
          <>
            :{' '}
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
