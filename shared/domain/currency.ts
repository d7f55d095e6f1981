/**
 * Money and display currencies (SPEC §9 'Currencies'). Amounts are stored in USD; the chosen
 * currency only changes how they are shown.
 */

export const CURRENCY_CODES = ['USD', 'EUR', 'GBP', 'JPY', 'KRW', 'INR'] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

export interface Currency {
  code: CurrencyCode;
  name: string;
  symbol: string;
  /** Units of this currency per 1 USD (SPEC §9). */
  rate: number;
  /** Decimals shown: JPY, KRW and INR show none, the others 2 (SPEC §9). */
  decimals: number;
}

/** The selectable currencies, with SPEC §9's rates, symbols and decimals. */
export const CURRENCIES: Readonly<Record<CurrencyCode, Currency>> = {
  USD: { code: 'USD', name: 'US Dollar', symbol: '$', rate: 1, decimals: 2 },
  EUR: { code: 'EUR', name: 'Euro', symbol: '\u20ac', rate: 0.92, decimals: 2 },
  GBP: { code: 'GBP', name: 'British Pound', symbol: '\u00a3', rate: 0.79, decimals: 2 },
  JPY: { code: 'JPY', name: 'Japanese Yen', symbol: '\u00a5', rate: 149.5, decimals: 0 },
  KRW: { code: 'KRW', name: 'South Korean Won', symbol: '\u20a9', rate: 1320, decimals: 0 },
  INR: { code: 'INR', name: 'Indian Rupee', symbol: '\u20b9', rate: 83.12, decimals: 0 },
};

/** SPEC §3 User.currencyPreference 'default USD', SPEC §9 'Default USD'. */
export const DEFAULT_CURRENCY: CurrencyCode = 'USD';

/** True when `code` is one of the selectable currency codes (SPEC §9). Case-sensitive: 'usd' is not. */
export function isCurrency(code: unknown): code is CurrencyCode {
  return typeof code === 'string' && (CURRENCY_CODES as readonly string[]).includes(code);
}

/** A stored preference as a usable code: anything unknown becomes USD (SPEC §3 'default USD'). */
export function normalizeCurrency(code: unknown): CurrencyCode {
  if (typeof code === 'string' && isCurrency(code.trim().toUpperCase())) return code.trim().toUpperCase() as CurrencyCode;
  return DEFAULT_CURRENCY;
}

/**
 * Rounds to `decimals` places, half away from zero, without binary-float surprises
 * (1.005 → 1.01). Non-finite input becomes 0.
 */
export function roundTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return 0;
  const factor = 10 ** decimals;
  const scaled = Number((Math.abs(value) * factor).toPrecision(15));
  const rounded = (Math.sign(value) * Math.round(scaled)) / factor;
  return rounded === 0 ? 0 : rounded;
}

/** Rounds money to cents (SPEC §3 'amount (number with 2 decimals)'). */
export function roundMoney(value: number): number {
  return roundTo(value, 2);
}

/** A USD amount in `code` at SPEC §9's rate, unrounded. Unknown codes convert as USD. */
export function convertFromUsd(amountUsd: number, code: string): number {
  const currency = CURRENCIES[normalizeCurrency(code)];
  return amountUsd * currency.rate;
}

const numberFormatters = new Map<number, Intl.NumberFormat>();

function numberFormatter(decimals: number): Intl.NumberFormat {
  let f = numberFormatters.get(decimals);
  if (!f) {
    f = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    numberFormatters.set(decimals, f);
  }
  return f;
}

/**
 * A USD amount shown in `code`: symbol first, thousands separators, the currency's decimals
 * (SPEC §9), e.g. 12.99 → '$12.99', '€11.95', '£10.26', '¥1,942', '₩17,147', '₹1,080'.
 * Negative amounts read '-$5.00'. Unknown codes show USD.
 */
export function formatMoney(amountUsd: number, code: string = DEFAULT_CURRENCY): string {
  const currency = CURRENCIES[normalizeCurrency(code)];
  const value = roundTo(convertFromUsd(amountUsd, currency.code), currency.decimals);
  const digits = numberFormatter(currency.decimals).format(Math.abs(value));
  return `${value < 0 ? '-' : ''}${currency.symbol}${digits}`;
}

/** A USD amount as SPEC §9's report shows it: '$' and 2 decimals, e.g. '$1,234.50'. */
export function formatUsd(amountUsd: number): string {
  return formatMoney(amountUsd, 'USD');
}
