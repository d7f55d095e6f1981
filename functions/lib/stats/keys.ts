/** The stats domain's item keys. */
export const statsKeys = {
  /** The one item of the landing and admin counters (functions/lib/stats/counters.ts). */
  counters: () => ({ pk: 'STATS', sk: 'GLOBAL' }),
} as const;
