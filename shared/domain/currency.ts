/**
 * Money: the display currencies (SPEC §9 'Currencies'), the currencies a subscription can be billed in
 * (issue 24 §1: SPEC's six and 30 common others), the rates between them and how amounts are shown.
 *
 * A subscription's amount is in its own currency. Totals are summed in USD through a {@link RateTable}
 * (units per 1 USD) and shown in the user's display currency through the same table, so a euro
 * subscription shown in euros is exactly its price. The fixed table (SPEC §9's six rates and a fixed
 * rate for each other currency) is the default and the local stack's rates; in the cloud the newest
 * stored day of the ECB's reference rates replaces it, currency by currency.
 */

import { CURRENCY_CODES, type CurrencyCode } from './currency-codes.js';

// The display currencies' codes live in a module of their own (the sign-in pages' contract reads them without the
// tables below, issue 36 §6); every other module reads them from here.
export { CURRENCY_CODES, type CurrencyCode };

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

/** A currency a subscription can be billed in (ISO 4217). */
export interface BillingCurrency {
  code: string;
  name: string;
  /** Decimals shown for an amount in it: SPEC §9's for its six, ISO 4217's minor units for the others. */
  decimals: number;
  /** The fixed rate: units per 1 USD (SPEC §9 for its six; late-2026 reference rates for the others). */
  perUsd: number;
}

const OTHER_BILLING_CURRENCIES: readonly BillingCurrency[] = [
  { code: 'AUD', name: 'Australian Dollar', decimals: 2, perUsd: 1.53 },
  { code: 'CAD', name: 'Canadian Dollar', decimals: 2, perUsd: 1.39 },
  { code: 'CHF', name: 'Swiss Franc', decimals: 2, perUsd: 0.88 },
  { code: 'CNY', name: 'Chinese Yuan', decimals: 2, perUsd: 7.24 },
  { code: 'HKD', name: 'Hong Kong Dollar', decimals: 2, perUsd: 7.78 },
  { code: 'NZD', name: 'New Zealand Dollar', decimals: 2, perUsd: 1.7 },
  { code: 'SGD', name: 'Singapore Dollar', decimals: 2, perUsd: 1.34 },
  { code: 'SEK', name: 'Swedish Krona', decimals: 2, perUsd: 10.9 },
  { code: 'NOK', name: 'Norwegian Krone', decimals: 2, perUsd: 11.05 },
  { code: 'DKK', name: 'Danish Krone', decimals: 2, perUsd: 6.86 },
  { code: 'ISK', name: 'Icelandic Króna', decimals: 0, perUsd: 138 },
  { code: 'PLN', name: 'Polish Złoty', decimals: 2, perUsd: 4.05 },
  { code: 'CZK', name: 'Czech Koruna', decimals: 2, perUsd: 23.9 },
  { code: 'HUF', name: 'Hungarian Forint', decimals: 2, perUsd: 385 },
  { code: 'RON', name: 'Romanian Leu', decimals: 2, perUsd: 4.58 },
  { code: 'BGN', name: 'Bulgarian Lev', decimals: 2, perUsd: 1.8 },
  { code: 'TRY', name: 'Turkish Lira', decimals: 2, perUsd: 34.5 },
  { code: 'ILS', name: 'Israeli New Shekel', decimals: 2, perUsd: 3.7 },
  { code: 'ZAR', name: 'South African Rand', decimals: 2, perUsd: 18.1 },
  { code: 'BRL', name: 'Brazilian Real', decimals: 2, perUsd: 5.8 },
  { code: 'MXN', name: 'Mexican Peso', decimals: 2, perUsd: 20.3 },
  { code: 'IDR', name: 'Indonesian Rupiah', decimals: 2, perUsd: 15900 },
  { code: 'MYR', name: 'Malaysian Ringgit', decimals: 2, perUsd: 4.45 },
  { code: 'PHP', name: 'Philippine Peso', decimals: 2, perUsd: 58.7 },
  { code: 'THB', name: 'Thai Baht', decimals: 2, perUsd: 34.5 },
  { code: 'TWD', name: 'New Taiwan Dollar', decimals: 2, perUsd: 32.5 },
  { code: 'UAH', name: 'Ukrainian Hryvnia', decimals: 2, perUsd: 41.3 },
  { code: 'AED', name: 'UAE Dirham', decimals: 2, perUsd: 3.6725 },
  { code: 'SAR', name: 'Saudi Riyal', decimals: 2, perUsd: 3.75 },
  { code: 'ARS', name: 'Argentine Peso', decimals: 2, perUsd: 1000 },
];

/** Every currency a subscription can be billed in: SPEC's six first, then the others by code. */
export const BILLING_CURRENCIES: readonly BillingCurrency[] = [
  ...CURRENCY_CODES.map((code) => {
    const c = CURRENCIES[code];
    return { code, name: c.name, decimals: c.decimals, perUsd: c.rate };
  }),
  ...[...OTHER_BILLING_CURRENCIES].sort((a, b) => a.code.localeCompare(b.code)),
];

const BILLING_BY_CODE = new Map(BILLING_CURRENCIES.map((c) => [c.code, c]));

/** The billing currency with this code (exact, upper case), or undefined. */
export function billingCurrency(code: unknown): BillingCurrency | undefined {
  return typeof code === 'string' ? BILLING_BY_CODE.get(code) : undefined;
}

/** True when `code` is a currency a subscription can be billed in (ISO 4217, upper case). */
export function isBillingCurrency(code: unknown): code is string {
  return billingCurrency(code) !== undefined;
}

/** Units of each currency per 1 USD, and the day they are of (null for the fixed table). */
export interface RateTable {
  /** YYYY-MM-DD of the reference rates, or null for the fixed table. */
  date: string | null;
  perUsd: Readonly<Record<string, number>>;
}

/** The fixed table: SPEC §9's rates and a fixed rate for every other billing currency (issue 24 §1). */
export const FIXED_RATES: RateTable = {
  date: null,
  perUsd: Object.fromEntries(BILLING_CURRENCIES.map((c) => [c.code, c.perUsd])),
};

/** Units of `code` per 1 USD in `rates`, else in the fixed table; unknown codes count as USD. */
export function rateOf(code: string, rates: RateTable = FIXED_RATES): number {
  const rate = rates.perUsd[code] ?? FIXED_RATES.perUsd[code];
  return typeof rate === 'number' && rate > 0 && Number.isFinite(rate) ? rate : 1;
}

/** `amount` of currency `from` in currency `to`, unrounded. */
export function convert(amount: number, from: string, to: string, rates: RateTable = FIXED_RATES): number {
  if (from === to) return amount;
  return (amount / rateOf(from, rates)) * rateOf(to, rates);
}

/** `amount` of currency `from` in USD, unrounded. */
export function toUsd(amount: number, from: string, rates: RateTable = FIXED_RATES): number {
  return convert(amount, from, 'USD', rates);
}

/** A USD amount in `code`, unrounded, at `rates` (SPEC §9's fixed rates by default). Unknown codes convert as USD. */
export function convertFromUsd(amountUsd: number, code: string, rates: RateTable = FIXED_RATES): number {
  return convert(amountUsd, 'USD', normalizeCurrency(code), rates);
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

/** An amount already in display currency `code`: its symbol, thousands separators and SPEC §9's decimals. */
function formatDisplayAmount(value: number, code: CurrencyCode): string {
  const currency = CURRENCIES[code];
  const rounded = roundTo(value, currency.decimals);
  const digits = numberFormatter(currency.decimals).format(Math.abs(rounded));
  return `${rounded < 0 ? '-' : ''}${currency.symbol}${digits}`;
}

/**
 * A USD amount shown in `code`: symbol first, thousands separators, the currency's decimals
 * (SPEC §9), e.g. 12.99 → '$12.99', '€11.95', '£10.26', '¥1,942', '₩17,147', '₹1,080', at
 * `rates` (the fixed table by default). Negative amounts read '-$5.00'. Unknown codes show USD.
 */
export function formatMoney(amountUsd: number, code: string = DEFAULT_CURRENCY, rates: RateTable = FIXED_RATES): string {
  const display = normalizeCurrency(code);
  return formatDisplayAmount(convertFromUsd(amountUsd, display, rates), display);
}

const currencyFormatters = new Map<string, Intl.NumberFormat>();

/**
 * An amount in its own currency, as billed (issue 24 §1): SPEC's six with their symbols and decimals
 * ('€9.99', '¥1,200'), the others as Intl writes them in en-US ('A$10.00', 'SEK 229.00', 'CHF 12.50').
 */
export function formatAmount(amount: number, code: string): string {
  if (isCurrency(code)) return formatDisplayAmount(amount, code);
  const currency = billingCurrency(code);
  let f = currencyFormatters.get(code);
  if (!f) {
    const decimals = currency?.decimals ?? 2;
    f = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currency ? code : 'USD',
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    currencyFormatters.set(code, f);
  }
  return f.format(roundTo(amount, currency?.decimals ?? 2)).replace(/^(-?)([A-Z]{3})\u00a0?/, '$1$2\u00a0');
}

/** A USD amount as SPEC §9's report shows it: '$' and 2 decimals, e.g. '$1,234.50'. */
export function formatUsd(amountUsd: number): string {
  return formatMoney(amountUsd, 'USD');
}

/**
 * An amount as billed and, when the display currency is another, about what it comes to there
 * (issue 24 §1, §3: reminders): `{ billed: '€9.99', approx: '≈ $10.86' }`; `approx` is null when the
 * display currency is the billing one.
 */
export function formatBilledAndDisplay(
  amount: number,
  code: string,
  displayCode: string,
  rates: RateTable = FIXED_RATES,
): { billed: string; approx: string | null } {
  const display = normalizeCurrency(displayCode);
  const billed = formatAmount(amount, code);
  return { billed, approx: display === code ? null : `\u2248 ${formatMoney(toUsd(amount, code, rates), display, rates)}` };
}
