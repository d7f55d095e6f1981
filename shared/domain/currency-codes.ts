/** The display currencies (SPEC §9 'Currencies'): shared/domain/currency.ts has their names, symbols and rates. */
export const CURRENCY_CODES = ['USD', 'EUR', 'GBP', 'JPY', 'KRW', 'INR'] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];
