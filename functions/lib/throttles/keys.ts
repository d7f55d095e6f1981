/** The throttles' item keys: one counter per scope and key (an address, a user, a channel). */
export const throttleKeys = {
  throttle: (scope: string, key: string) => ({ pk: `THROTTLE#${scope}#${key}`, sk: 'THROTTLE' }),
} as const;
