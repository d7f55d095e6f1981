import { describe, expect, it } from 'vitest';
import { MAX_PRICE_CHANGES, tooManyPricesMessage } from '../../shared/domain/billing.js';
import { detectFormat, parseImport } from '../../shared/domain/import/index.js';
import { MAX_JSON_DEPTH, parseJsonFile } from '../../shared/domain/import/rows.js';
import { isTestCurrency, ownExport } from './import-fixtures.js';

/** Issue 34 §6: an import file is bounded at the preview — price-history length and JSON nesting. */

const nested = (depth: number, inner = '1') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;

const parse = (format: Parameters<typeof parseImport>[0]['format'], fileText: string) =>
  parseImport({ format, fileText, isCurrency: isTestCurrency });

describe('JSON nesting', () => {
  it(`reads a file nested ${MAX_JSON_DEPTH} deep, refuses one deeper, and ignores brackets inside strings`, () => {
    expect(parseJsonFile(nested(MAX_JSON_DEPTH))).toMatchObject({ ok: true });
    expect(parseJsonFile(nested(MAX_JSON_DEPTH + 1))).toEqual({
      ok: false,
      message: `The file nests lists or objects more than ${MAX_JSON_DEPTH} levels deep: it is not an export`,
    });
    expect(parseJsonFile(JSON.stringify({ name: `${'['.repeat(100)}\\"[` }))).toMatchObject({ ok: true });
    expect(parseJsonFile('{"a": [1, }')).toEqual({ ok: false, message: 'The file is not valid JSON' });
  });

  it('refuses a Wallos JSON with 200,000 nested arrays in a value, without running out of stack', () => {
    const deep = `[{"Name":"Deep","Price":"$1","Next Payment":"2030-01-01","Payment Cycle":"Monthly","x":${nested(200_000)}}]`;
    expect(parse('wallos-json', deep)).toEqual({
      ok: false,
      message: `The file nests lists or objects more than ${MAX_JSON_DEPTH} levels deep: it is not an export`,
    });
    expect(parse('subtrackr-json', `{"subscriptions":${nested(200_000)}}`)).toMatchObject({ ok: false });
    expect(detectFormat(nested(200_000))).not.toBe('wallos-json');
  });
});

describe('price-history length', () => {
  it(`reads a history of ${MAX_PRICE_CHANGES} prices and refuses the file with one of ${MAX_PRICE_CHANGES + 1} or 9,001`, () => {
    const within = parse('subscription-tracker-json', ownExport(MAX_PRICE_CHANGES));
    expect(within.ok && within.rows[0]).toMatchObject({ ok: true, row: { priceHistory: expect.any(Array) } });
    expect(parse('subscription-tracker-json', ownExport(MAX_PRICE_CHANGES + 1))).toEqual({
      ok: false,
      message: `Line 1: the price history has 501 prices. ${tooManyPricesMessage}`,
    });
    expect(parse('subscription-tracker-json', ownExport(9001))).toEqual({
      ok: false,
      message: `Line 1: the price history has 9,001 prices. ${tooManyPricesMessage}`,
    });
  });
});
