import { describe, expect, it } from 'vitest';
import { byName, imported, importFile, parse, skipped } from './import-fixtures.js';

const answers = { symbolCurrencies: { $: 'USD', kr: 'SEK', '¥': 'JPY' } };

describe('Wallos JSON export (issue 24 §6; ../shared/samples wallos-export.json)', () => {
  it('reads each subscription in its own currency, cycle, category and state', () => {
    const { rows, ambiguousSymbols } = parse('wallos-json', importFile('wallos-export.json'), answers);
    expect(ambiguousSymbols).toEqual(['$', 'kr', '¥']);
    expect(imported(rows)).toHaveLength(14);
    expect(byName(rows, 'Netflix')).toEqual({
      line: 1,
      externalId: expect.stringMatching(/^wallos:[0-9a-f]{16}$/),
      name: 'Netflix',
      description: 'Premium 4 screens',
      amount: 17.99,
      currency: 'EUR',
      category: 'Entertainment',
      dueDate: '2026-12-08',
      billingCycle: 'monthly',
      cycleInterval: 1,
      autoRenew: true,
      status: 'active',
      trialEndsAt: null,
      endsAt: null,
      noticeDays: null,
      cancelByDate: null,
      // Its URL is the subscription's website (issue 36 §2).
      url: 'https://www.netflix.com/',
      // Wallos has no notice period (issue 35 §2.5): an update keeps the user's own.
      unsaid: ['noticeDays'],
    });
    expect(byName(rows, 'Spotify')).toMatchObject({
      description: 'Family plan for Sam & Jo',
      url: 'https://www.spotify.com/',
      category: 'music',
    });
    expect(byName(rows, 'YouTube Premium')).toMatchObject({ currency: 'GBP', amount: 12.99 });
    expect(byName(rows, 'iCloud+ 2TB')).toMatchObject({ currency: 'USD', amount: 9.99 });
    expect(byName(rows, 'Nintendo Switch Online')).toMatchObject({
      currency: 'JPY',
      amount: 2400,
      autoRenew: false,
      billingCycle: 'yearly',
    });
    expect(byName(rows, 'Storytel')).toMatchObject({ currency: 'SEK', amount: 229 });
    expect(byName(rows, 'The Economist')).toMatchObject({ billingCycle: 'quarterly', cycleInterval: 1 });
    expect(byName(rows, 'Allianz Kfz-Versicherung')).toMatchObject({ billingCycle: 'quarterly', cycleInterval: 2 });
    expect(byName(rows, 'FitX')).toMatchObject({
      billingCycle: 'weekly',
      cycleInterval: 4,
      description: "Don't forget: 3 months notice",
      category: 'Health & Wellbeing',
      // Issue 35 §2.5: the date the user typed is kept as that date, not turned into a 21-day notice.
      cancelByDate: '2027-06-30',
      noticeDays: null,
      unsaid: ['noticeDays'],
    });
    expect(byName(rows, 'Paramount+')).toMatchObject({ status: 'canceled', dueDate: '2026-11-12', noticeDays: null, cancelByDate: null });
    // A skipped row keeps its name for the preview.
    expect(rows.at(-1)).toEqual({
      ok: false,
      line: 15,
      reason: 'A one-time payment (“One-time”) is not a subscription',
      name: 'Affinity Photo 2',
    });
    expect(skipped(rows)).toEqual([{ line: 15, reason: 'A one-time payment (“One-time”) is not a subscription' }]);
  });

  it('skips rows whose symbol the user has not answered yet, and lists the symbols to ask', () => {
    const { rows, ambiguousSymbols } = parse('wallos-json', importFile('wallos-export.json'), { symbolCurrencies: { $: 'USD' } });
    expect(ambiguousSymbols).toEqual(['$', 'kr', '¥']);
    expect(skipped(rows)).toEqual([
      { line: 10, reason: 'Choose the currency of “¥”' },
      { line: 14, reason: 'Choose the currency of “kr”' },
      { line: 15, reason: 'A one-time payment (“One-time”) is not a subscription' },
    ]);
  });

  it('reads the endpoint’s {"success":true,"subscriptions":[…]} with \\u escapes, HTML entities decoded', () => {
    const { rows, ambiguousSymbols } = parse('wallos-json', importFile('own/wallos-endpoint.json'), {
      symbolCurrencies: { $: 'USD', '¥': 'CNY' },
    });
    // ¥ belongs to a row skipped for its cycle: nothing to ask about it.
    expect(ambiguousSymbols).toEqual(['$']);
    expect(imported(rows)[0]).toMatchObject({
      name: 'Tom & Jerry\'s "Club" <Plus>',
      amount: 12.5,
      currency: 'EUR',
      category: 'Food & Beverages',
      billingCycle: 'weekly',
      cycleInterval: 2,
      description: '',
      url: 'https://example.com/a?x=1&y=2',
    });
    const gyms = imported(rows).filter((r) => r.name === 'Gym');
    expect(gyms).toHaveLength(2);
    expect(gyms[0]).toMatchObject({
      currency: 'PLN',
      billingCycle: 'yearly',
      cycleInterval: 2,
      category: 'other',
      cancelByDate: '2027-01-01',
    });
    expect(gyms[1].externalId).toBe(`${gyms[0].externalId}-2`);
    expect(byName(rows, 'Hosting')).toMatchObject({ status: 'canceled', currency: 'USD', billingCycle: 'quarterly' });
    expect(skipped(rows)).toEqual([
      { line: 4, reason: 'The billing cycle “Daily” is not in whole weeks, months or years' },
      { line: 5, reason: 'The billing cycle “Every 10 Days” is not in whole weeks, months or years' },
    ]);
  });

  it('gives the same external ids on every parse of a file, and the same for its CSV twin', () => {
    const ids = (format: 'wallos-json' | 'wallos-csv', file: string) =>
      imported(parse(format, importFile(file), answers).rows).map((r) => r.externalId);
    const json = ids('wallos-json', 'wallos-export.json');
    expect(new Set(json).size).toBe(14);
    expect(ids('wallos-json', 'wallos-export.json')).toEqual(json);
    expect(ids('wallos-csv', 'wallos-export.csv')).toEqual(json);
  });
});

describe('Wallos CSV export (issue 24 §6: unquoted; a comma in a URL shifts the columns)', () => {
  it('reads the sample as the JSON twin reads it, line numbers from the file', () => {
    const csv = parse('wallos-csv', importFile('wallos-export.csv'), answers);
    const json = parse('wallos-json', importFile('wallos-export.json'), answers);
    expect(imported(csv.rows).map(({ line, ...row }) => row)).toEqual(imported(json.rows).map(({ line, ...row }) => row));
    expect(imported(csv.rows)[0].line).toBe(2);
    expect(skipped(csv.rows)).toEqual([{ line: 16, reason: 'A one-time payment (“One-time”) is not a subscription' }]);
  });

  it('skips a shifted row with the reason, never importing its shifted values; quotes are text', () => {
    const { rows } = parse('wallos-csv', importFile('own/wallos-shifted.csv'), { symbolCurrencies: { kr: 'NOK' } });
    expect(imported(rows).map((r) => r.name)).toEqual(['Rock & Roll Radio', 'Gym "Fit"']);
    expect(byName(rows, 'Gym "Fit"')).toMatchObject({
      description: '"quoted" note',
      cancelByDate: '2026-12-02',
      category: 'Health & Wellbeing',
    });
    expect(skipped(rows)).toEqual([
      {
        line: 3,
        reason:
          'This line has 15 fields where the header has 14: a comma in its URL shifted the columns. Remove the comma, or import the Wallos JSON export',
      },
      { line: 5, reason: 'This line has 9 fields where the header has 14: a line break in a value cut it short' },
      { line: 6, reason: 'This line has 6 fields where the header has 14: a line break in a value cut it short' },
    ]);
  });
});
