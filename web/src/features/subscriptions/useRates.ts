import { statsRoutes } from '@shared/api/stats';
import { FIXED_RATES, type RateTable } from '@shared/domain/currency';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

/** GET /api/rates, kept as long as the server lets browsers keep it: a new day of rates comes once a day. */
const ratesQuery = queryOptions({
  queryKey: ['rates'],
  queryFn: () => api(statsRoutes.rates),
  staleTime: 5 * 60 * 1000,
});

/**
 * The rates every total is converted with (issue 24 §1): one hook for the whole app, so the stats
 * cards, the chart, the yearly report and the insights always agree. The newest stored day of
 * reference rates from GET /api/rates (its `date` shown as 'rates of 24 Nov 2026'); the fixed table
 * ('fixed rates') until it has answered, and when it cannot (SPEC §8: the failure is only logged).
 */
export function useRates(): RateTable {
  const { data, error } = useQuery(ratesQuery);
  if (error) console.error('Exchange rates not loaded: totals use the fixed rates', error);
  return data ?? FIXED_RATES;
}
