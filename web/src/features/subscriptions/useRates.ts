import { FIXED_RATES, type RateTable } from '@shared/domain/currency';

/**
 * The rates every total is converted with (issue 24 §1): one hook for the whole app, so the stats
 * cards, the chart, the yearly report and the insights always agree. Until the app reads stored
 * reference rates from the API it uses the fixed table, the local stack's rates.
 */
export function useRates(): RateTable {
  return FIXED_RATES;
}
