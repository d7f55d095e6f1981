/** The exchange rates' item keys. */
export const rateKeys = {
  /** One day's exchange rates (issue 24 §1), per USD: the newest day is the first of RATES_PARTITION, newest first. */
  ratesDay: (date: string) => ({ pk: RATES_PARTITION, sk: `${RATES_DAY_PREFIX}${date}` }),
} as const;

/** The partition of the stored days of exchange rates (functions/lib/rates/daily-rates.ts). */
export const RATES_PARTITION = 'RATES';
export const RATES_DAY_PREFIX = 'DAY#';
