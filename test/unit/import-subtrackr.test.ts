import { describe, expect, it } from 'vitest';
import { byName, imported, importFile, parse, skipped } from './import-fixtures.js';

describe('SubTrackr CSV and JSON exports (issue 24 §6; ../shared/samples subtrackr-export.*)', () => {
  const csv = parse('subtrackr-csv', importFile('subtrackr-export.csv'));
  const json = parse('subtrackr-json', importFile('subtrackr-export.json'));

  it('reads every row, its id as the external id, ISO currencies with nothing to ask', () => {
    expect(skipped(csv.rows)).toEqual([]);
    expect(csv.ambiguousSymbols).toEqual([]);
    expect(imported(csv.rows).map((r) => r.externalId)).toEqual(Array.from({ length: 12 }, (_, i) => `subtrackr:${i + 1}`));
    expect(byName(csv.rows, 'Netflix')).toEqual({
      line: 2,
      externalId: 'subtrackr:1',
      name: 'Netflix',
      description: 'Standard, 2 screens',
      amount: 20.99,
      currency: 'CAD',
      category: 'Entertainment',
      dueDate: '2026-12-14',
      billingCycle: 'monthly',
      cycleInterval: 1,
      autoRenew: true,
      status: 'active',
      trialEndsAt: null,
      endsAt: null,
      noticeDays: null,
      cancelByDate: null,
      url: 'https://www.netflix.com/',
      // SubTrackr has no notice period (issue 35 §2.5): an update keeps the user's own.
      unsaid: ['noticeDays'],
    });
  });

  it('maps schedules, statuses, trials, autopay and cancellation dates', () => {
    expect(byName(csv.rows, 'GoodLife Fitness')).toMatchObject({
      billingCycle: 'weekly',
      cycleInterval: 2,
      description: 'Biweekly "Essentials" membership',
    });
    expect(byName(csv.rows, 'AWS Route 53 domains')).toMatchObject({ billingCycle: 'yearly', cycleInterval: 2, category: 'other' });
    expect(byName(csv.rows, 'Globe and Mail')).toMatchObject({ billingCycle: 'quarterly', status: 'canceled', autoRenew: false });
    expect(byName(csv.rows, 'Crave')).toMatchObject({ status: 'canceled', noticeDays: null, cancelByDate: null });
    // Issue 35 §2.5: the cancellation date is kept as the date the user typed, not turned into a notice period.
    expect(byName(csv.rows, 'Duolingo Super')).toMatchObject({ status: 'active', trialEndsAt: '2026-12-04', cancelByDate: '2026-12-03' });
    expect(byName(csv.rows, 'Backblaze Personal')).toMatchObject({ autoRenew: false, category: 'Storage' });
    expect(byName(csv.rows, '1Password Families')).toMatchObject({ currency: 'USD', category: 'software' });
  });

  it('reads the JSON twin to the same rows (the v0.5.9 JSON has no autopay: renews automatically when new, unsaid)', () => {
    const withoutLine = (rows: typeof csv.rows) => imported(rows).map(({ line, autoRenew, unsaid, ...row }) => row);
    expect(withoutLine(json.rows)).toEqual(withoutLine(csv.rows));
    expect(skipped(json.rows)).toEqual([]);
    // Issue 35 §2.10: what the file has no key or column for is unsaid, so an update keeps it.
    expect(imported(json.rows).map((row) => row.unsaid)).toEqual(imported(json.rows).map(() => ['autoRenew', 'noticeDays']));
    expect(imported(csv.rows).map((row) => row.unsaid)).toEqual(imported(csv.rows).map(() => ['noticeDays']));
    const withoutAutopay = 'ID,Name,Cost,Currency,Schedule,Status,Renewal Date\n1,Mail,5.00,EUR,Monthly,Active,2027-01-01';
    expect(imported(parse('subtrackr-csv', withoutAutopay).rows)[0]?.unsaid).toEqual([
      'autoRenew',
      'description',
      'category',
      'noticeDays',
    ]);
  });

  it('finds columns by name in any order, and says which required one is missing', () => {
    const reordered = 'Renewal Date,Currency,Cost,Name,ID,Schedule,Status\n2027-01-01,EUR,5.00,Mail,42,Every 3 Months,Active';
    expect(imported(parse('subtrackr-csv', reordered).rows)).toEqual([
      expect.objectContaining({ externalId: 'subtrackr:42', name: 'Mail', amount: 5, billingCycle: 'quarterly', autoRenew: true }),
    ]);
    expect(() => parse('subtrackr-csv', 'ID,Name,Cost,Currency,Schedule\n1,a,1.00,EUR,Monthly')).toThrow(
      'The SubTrackr CSV has no “Status” column',
    );
  });
});
