/**
 * Amounts as export files and spreadsheets write them (issue 24 §6): a number, perhaps with a
 * currency symbol or code before or after it, perhaps in European notation.
 */
import { skipRow } from './rows.js';

export interface AmountText {
  amount: number;
  /** The symbol or code written with the number ('€', 'kr', 'USD'), or '' when none. */
  symbol: string;
}

const WITH_SYMBOL = /^([^\d.,\s-]*)\s*(-?\s*[\d][\d.,'\s\u00a0\u202f]*)\s*([^\d.,\s-]*)$/;

/**
 * The number of a spreadsheet's amount, thousands separators and decimal mark read from the text:
 * '9,99' → 9.99, '1.234,56' → 1234.56, '1,234.56' → 1234.56, '1 234,56' → 1234.56,
 * "1'234.50" → 1234.5, '1.234' and '1,234' → 1234 (a lone separator before exactly three digits
 * groups thousands), '0,500' → 0.5. Null when it is not a number.
 */
export function parseDecimal(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f']/g, '');
  const negative = compact.startsWith('-');
  const digits = negative ? compact.slice(1) : compact;
  if (!/^\d[\d.,]*$/.test(digits) || /[.,]$/.test(digits)) return null;
  const lastDot = digits.lastIndexOf('.');
  const lastComma = digits.lastIndexOf(',');
  let normalized: string;
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    const grouping = decimal === '.' ? ',' : '.';
    const [whole, fraction, ...rest] = digits.split(decimal);
    if (rest.length > 0 || fraction.includes(grouping) || !isGrouped(whole, grouping)) return null;
    normalized = `${whole.split(grouping).join('')}.${fraction}`;
  } else if (lastDot >= 0 || lastComma >= 0) {
    const mark = lastDot >= 0 ? '.' : ',';
    const parts = digits.split(mark);
    if (parts.length > 2) {
      if (!isGrouped(digits, mark)) return null;
      normalized = parts.join('');
    } else {
      const [whole, fraction] = parts;
      normalized = fraction.length === 3 && !whole.startsWith('0') ? `${whole}${fraction}` : `${whole}.${fraction}`;
    }
  } else {
    normalized = digits;
  }
  const value = Number(normalized);
  return Number.isFinite(value) ? (negative ? -value : value) : null;
}

/** True when `text` groups digits in threes with `separator` (1.234.567) or does not group at all. */
function isGrouped(text: string, separator: string): boolean {
  const groups = text.split(separator);
  return groups.length === 1 || (/^\d{1,3}$/.test(groups[0]) && groups.slice(1).every((g) => /^\d{3}$/.test(g)));
}

/** An amount with its symbol, in any notation parseDecimal reads: '€9,99', '9,99 €', 'kr 229', '12.37 USD'. */
export function parseAmountText(text: string): AmountText {
  const trimmed = text.trim();
  if (trimmed === '') skipRow('The amount is missing');
  const match = WITH_SYMBOL.exec(trimmed);
  const amount = match ? parseDecimal(match[2]) : null;
  if (!match || amount === null || (match[1] && match[3])) skipRow(`The amount “${trimmed}” is not a number`);
  return { amount, symbol: match[1] || match[3] };
}

/**
 * Wallos's Price: the currency's symbol glued to PHP's float-to-string ('€17.99', '€89.9', '$10',
 * 'zł277.99', 'R$54.9', 'kr229'): always '.' as decimal mark, never a thousands separator.
 */
export function parseSymbolPrice(text: string): AmountText {
  const trimmed = text.trim();
  const match = /^(.*?)\s*(-?\d+(?:\.\d+)?(?:E[+-]?\d+)?)$/i.exec(trimmed);
  if (!match) skipRow(`The price “${trimmed}” is not a number`);
  return { amount: Number(match[2]), symbol: match[1] };
}
