/**
 * Currency symbols as export files write them (issue 24 §6; Wallos's default list in
 * ../shared/samples/README.md). A symbol that names one currency maps to it; one that names several
 * ($, ¥, kr…) or none we know is never guessed: the file's parse reports it and the user chooses its
 * currency once for the whole file (`symbolCurrencies`).
 */

/** Symbols that name exactly one currency. */
const UNAMBIGUOUS: Readonly<Record<string, string>> = {
  '€': 'EUR',
  '£': 'GBP',
  zł: 'PLN',
  R$: 'BRL',
  '₹': 'INR',
  '₩': 'KRW',
  лв: 'BGN',
  Kč: 'CZK',
  Ft: 'HUF',
  lei: 'RON',
  Fr: 'CHF',
  CHF: 'CHF',
  '₽': 'RUB',
  '₺': 'TRY',
  HK$: 'HKD',
  Rp: 'IDR',
  '₪': 'ILS',
  Mex$: 'MXN',
  RM: 'MYR',
  NZ$: 'NZD',
  A$: 'AUD',
  AU$: 'AUD',
  C$: 'CAD',
  CA$: 'CAD',
  US$: 'USD',
  '₱': 'PHP',
  S$: 'SGD',
  '฿': 'THB',
  R: 'ZAR',
  '₴': 'UAH',
  NT$: 'TWD',
  円: 'JPY',
  元: 'CNY',
  '₫': 'VND',
  '₦': 'NGN',
  '₸': 'KZT',
  '₼': 'AZN',
  '₾': 'GEL',
};

/** Symbols several currencies share, with the candidates offered first (most used first). */
const AMBIGUOUS: Readonly<Record<string, readonly string[]>> = {
  $: ['USD', 'CAD', 'AUD', 'NZD', 'MXN', 'SGD', 'HKD'],
  '¥': ['JPY', 'CNY'],
  kr: ['SEK', 'NOK', 'DKK', 'ISK'],
};

/** A symbol as looked up: trimmed, inner spaces removed; `KR`/`Kr` read as `kr`. */
export function symbolKey(symbol: string): string {
  const compact = symbol.trim().replace(/\s+/g, '');
  return compact.toLowerCase() === 'kr' ? 'kr' : compact;
}

/** The one currency a symbol names, or null when it names several or none we know. */
export function currencyOfSymbol(symbol: string): string | null {
  return UNAMBIGUOUS[symbolKey(symbol)] ?? null;
}

/** The currencies a symbol is known to stand for, most used first; [] for a symbol we do not know. */
export function symbolCandidates(symbol: string): readonly string[] {
  const key = symbolKey(symbol);
  const single = UNAMBIGUOUS[key];
  return single ? [single] : (AMBIGUOUS[key] ?? []);
}
