/** The calendar domain's item keys. */
export const calendarKeys = {
  /** A calendar feed's lookup entry (issue 25 §3): the SHA-256 of its secret → the user; the profile holds the same hash. */
  calendarFeed: (secretHash: string) => ({ pk: `CALFEED#${secretHash}`, sk: 'CALFEED' }),
} as const;
