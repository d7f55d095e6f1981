import { describe, expect, it } from 'vitest';
import { parseAmountText, parseDecimal, parseSymbolPrice } from '../../shared/domain/import/amounts.js';
import { currencyOfSymbol, symbolCandidates } from '../../shared/domain/import/currency-symbols.js';
import { cycleFromWords, decodeHtmlEntities, ImportContext, RowSkipped, rowCategory } from '../../shared/domain/import/rows.js';
import { isTestCurrency } from './import-fixtures.js';

const reasonOf = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    if (error instanceof RowSkipped) return error.message;
    throw error;
  }
  throw new Error('not skipped');
};

describe('import cycles (issue 24 §6 "Every 3 Months" and "Every 4 Weeks")', () => {
  it('reads the words of each format into cycle × interval, in the largest unit that divides it', () => {
    expect(cycleFromWords('Monthly')).toEqual({ billingCycle: 'monthly', cycleInterval: 1 });
    expect(cycleFromWords('Every 3 Months')).toEqual({ billingCycle: 'quarterly', cycleInterval: 1 });
    expect(cycleFromWords('Every 6 Months')).toEqual({ billingCycle: 'quarterly', cycleInterval: 2 });
    expect(cycleFromWords('Every 2 Months')).toEqual({ billingCycle: 'monthly', cycleInterval: 2 });
    expect(cycleFromWords('Every 24 Months')).toEqual({ billingCycle: 'yearly', cycleInterval: 2 });
    expect(cycleFromWords('Every 4 Weeks')).toEqual({ billingCycle: 'weekly', cycleInterval: 4 });
    expect(cycleFromWords('Every 14 Days')).toEqual({ billingCycle: 'weekly', cycleInterval: 2 });
    expect(cycleFromWords('Every 2 Quarters')).toEqual({ billingCycle: 'quarterly', cycleInterval: 2 });
    expect(cycleFromWords('Annual')).toEqual({ billingCycle: 'yearly', cycleInterval: 1 });
    expect(cycleFromWords('Fortnightly')).toEqual({ billingCycle: 'weekly', cycleInterval: 2 });
    expect(cycleFromWords('Jährlich')).toEqual({ billingCycle: 'yearly', cycleInterval: 1 });
  });

  it('skips days that are not whole weeks, one-time payments and words it does not know, saying why', () => {
    expect(reasonOf(() => cycleFromWords('Daily'))).toBe('The billing cycle “Daily” is not in whole weeks, months or years');
    expect(reasonOf(() => cycleFromWords('Every 10 Days'))).toBe(
      'The billing cycle “Every 10 Days” is not in whole weeks, months or years',
    );
    expect(reasonOf(() => cycleFromWords('One-time'))).toBe('A one-time payment (“One-time”) is not a subscription');
    expect(reasonOf(() => cycleFromWords('Sometimes'))).toBe('The billing cycle “Sometimes” is not understood');
  });
});

describe('import amounts (issue 24 §6 decimal commas and "1.234,56")', () => {
  it('reads either notation', () => {
    expect(parseDecimal('9,99')).toBe(9.99);
    expect(parseDecimal('1.234,56')).toBe(1234.56);
    expect(parseDecimal('1,234.56')).toBe(1234.56);
    expect(parseDecimal('1 234,56')).toBe(1234.56);
    expect(parseDecimal("1'234.50")).toBe(1234.5);
    expect(parseDecimal('1.234.567')).toBe(1234567);
    expect(parseDecimal('1,234')).toBe(1234);
    expect(parseDecimal('0,500')).toBe(0.5);
    expect(parseDecimal('2400')).toBe(2400);
    expect(parseDecimal('12.5')).toBe(12.5);
  });

  it('refuses what is not one number', () => {
    for (const text of ['', 'abc', '1.2.3,4,5', '12,', '1,23,4.5', '1.234,5.6']) expect(parseDecimal(text)).toBeNull();
  });

  it('separates a symbol or code before or after the number', () => {
    expect(parseAmountText('€9,99')).toEqual({ amount: 9.99, symbol: '€' });
    expect(parseAmountText('9,99 €')).toEqual({ amount: 9.99, symbol: '€' });
    expect(parseAmountText('kr 229')).toEqual({ amount: 229, symbol: 'kr' });
    expect(parseAmountText('12.37 USD')).toEqual({ amount: 12.37, symbol: 'USD' });
    expect(parseAmountText('R$ 1.234,56')).toEqual({ amount: 1234.56, symbol: 'R$' });
    expect(parseAmountText('23,80')).toEqual({ amount: 23.8, symbol: '' });
    expect(reasonOf(() => parseAmountText('ten'))).toBe('The amount “ten” is not a number');
  });

  it("reads Wallos's symbol-glued PHP floats", () => {
    expect(parseSymbolPrice('€89.9')).toEqual({ amount: 89.9, symbol: '€' });
    expect(parseSymbolPrice('zł277.99')).toEqual({ amount: 277.99, symbol: 'zł' });
    expect(parseSymbolPrice('R$54.9')).toEqual({ amount: 54.9, symbol: 'R$' });
    expect(parseSymbolPrice('kr229')).toEqual({ amount: 229, symbol: 'kr' });
  });
});

describe('import currencies (issue 24 §6: ambiguous symbols asked once per file, not guessed)', () => {
  it('maps unambiguous symbols and leaves $, ¥ and kr open with their candidates', () => {
    expect(['€', '£', 'zł', 'R$', '₹', '₩'].map(currencyOfSymbol)).toEqual(['EUR', 'GBP', 'PLN', 'BRL', 'INR', 'KRW']);
    expect(['$', '¥', 'kr', '🪙'].map(currencyOfSymbol)).toEqual([null, null, null, null]);
    expect(symbolCandidates('kr')).toEqual(['SEK', 'NOK', 'DKK', 'ISK']);
    expect(symbolCandidates('¥')).toEqual(['JPY', 'CNY']);
  });

  it('records each ambiguous symbol, takes the answer, and skips rows still unanswered', () => {
    const context = new ImportContext('test', { symbolCurrencies: { $: 'CAD' } }, isTestCurrency);
    expect(context.currency('$')).toBe('CAD');
    expect(context.currency('eur')).toBe('EUR');
    expect(reasonOf(() => context.currency('Kr'))).toBe('Choose the currency of “kr”');
    expect(reasonOf(() => context.currency(''))).toBe('No currency given');
    expect([...context.ambiguous]).toEqual(['$', 'kr']);
  });

  it('refuses a currency the product does not keep', () => {
    const context = new ImportContext('test', { symbolCurrencies: { $: 'XXX' } }, (code) => code === 'EUR');
    expect(reasonOf(() => context.currency('$'))).toBe('The currency XXX is not supported');
  });
});

describe('import rows: text, categories, notice periods, external ids', () => {
  it("decodes PHP's htmlspecialchars", () => {
    expect(decodeHtmlEntities('Tom &amp; Jerry&#039;s &quot;Club&quot; &lt;Plus&gt; &#x263A; &unknown;')).toBe(
      'Tom & Jerry\'s "Club" <Plus> ☺ &unknown;',
    );
  });

  it('maps categories to ours by name, else keeps the user’s text (≤ 50 characters); blank is Other', () => {
    expect(rowCategory('Music')).toBe('music');
    expect(rowCategory('Cloud Storage')).toBe('cloud');
    expect(rowCategory('  Health & Wellbeing ')).toBe('Health & Wellbeing');
    expect(rowCategory('')).toBe('other');
    expect(rowCategory('x'.repeat(80))).toHaveLength(50);
  });

  it('gives identical rows distinct, repeatable content ids', () => {
    const ids = () => {
      const context = new ImportContext('wallos', {}, isTestCurrency);
      return [context.contentId(['Gym', '€10']), context.contentId(['Gym', '€10']), context.contentId(['Pool', '€10'])];
    };
    const first = ids();
    expect(first[0]).toMatch(/^wallos:[0-9a-f]{16}$/);
    expect(first[1]).toBe(`${first[0]}-2`);
    expect(first[2]).not.toBe(first[0]);
    expect(ids()).toEqual(first);
  });
});
