import { describe, expect, it } from 'vitest';
import { importedMessage, sameNameNote } from '../../shared/api/import.js';
import type { Subscription } from '../../shared/api/subscription.js';
import {
  detectFormat,
  exportCsv,
  exportJson,
  type KeptSubscription,
  type ParsedRow,
  planImport,
} from '../../shared/domain/import/index.js';
import type { ImportRow } from '../../shared/domain/import/rows.js';
import { imported, parse, skipped } from './import-fixtures.js';

const row = (line: number, fields: Partial<ImportRow> = {}): ImportRow => ({
  line,
  externalId: `csv:${line}`,
  name: `Service ${line}`,
  description: '',
  amount: 10,
  currency: 'EUR',
  category: 'other',
  dueDate: '2027-01-01',
  billingCycle: 'monthly',
  cycleInterval: 1,
  autoRenew: true,
  status: 'active',
  trialEndsAt: null,
  endsAt: null,
  noticeDays: null,
  ...fields,
});
const ok = (r: ImportRow): ParsedRow => ({ ok: true, row: r });
const kept = (r: ImportRow, extra: Partial<KeptSubscription> = {}): KeptSubscription => {
  const { line: _line, externalId, ...fields } = r;
  return { id: `id-${externalId}`, externalId, ...fields, status: 'active', ...extra };
};

describe('an import never erases what the file does not say (issue 35 §2.10)', () => {
  it('an update keeps the subscription’s own value of a field the file does not say, and applies what it says', () => {
    const mine = kept(row(2, { autoRenew: false, description: 'family plan', noticeDays: 14 }));
    const unsaid = ['autoRenew', 'description', 'noticeDays'] as const;
    const [same] = planImport([ok(row(2, { unsaid }))], [mine], 10, 'Over the limit');
    expect(same).toMatchObject({ action: 'skip', reason: 'Already imported' });
    const [changed] = planImport([ok(row(2, { amount: 12, unsaid }))], [mine], 10, 'Over the limit');
    expect(changed).toMatchObject({ action: 'update', reason: 'Changed: amount' });
    expect(changed?.row).toMatchObject({ amount: 12, autoRenew: false, description: 'family plan', noticeDays: 14 });
    expect(changed?.row).not.toHaveProperty('unsaid');
    // Said, it is applied.
    const [said] = planImport([ok(row(2, { autoRenew: true }))], [mine], 10, 'Over the limit');
    expect(said).toMatchObject({ action: 'update', reason: 'Changed: description, auto-renew, notice period' });
  });

  it('a file without cancel-by dates keeps the user’s own; one that gives one applies it (issue 35 §2.5)', () => {
    const mine = kept(row(2), { cancelByDate: '2027-06-30' });
    const [same] = planImport([ok(row(2))], [mine], 10, 'Over the limit');
    expect(same).toMatchObject({ action: 'skip', reason: 'Already imported', row: { cancelByDate: '2027-06-30' } });
    const [moved] = planImport([ok(row(2, { cancelByDate: '2027-05-31' }))], [mine], 10, 'Over the limit');
    expect(moved).toMatchObject({ action: 'update', reason: 'Changed: cancel-by date', row: { cancelByDate: '2027-05-31' } });
  });

  it('a file without websites keeps the user’s own; one that gives another changes it (issue 36 §2)', () => {
    const mine = kept(row(2), { url: 'https://www.netflix.com/' });
    const [same] = planImport([ok(row(2))], [mine], 10, 'Over the limit');
    expect(same).toMatchObject({ action: 'skip', reason: 'Already imported', row: { url: 'https://www.netflix.com/' } });
    const [moved] = planImport([ok(row(2, { url: 'https://www.netflix.com/account' }))], [mine], 10, 'Over the limit');
    expect(moved).toMatchObject({ action: 'update', reason: 'Changed: website', row: { url: 'https://www.netflix.com/account' } });
  });

  it('a new row takes the defaults of what the file does not say', () => {
    const [created] = planImport([ok(row(2, { unsaid: ['autoRenew'] }))], [], 10, 'Over the limit');
    expect(created).toMatchObject({ action: 'create', row: { autoRenew: true } });
  });
});

describe('planImport (issue 24 §6: create, update or skip, and the same file again changes nothing)', () => {
  it('creates new rows, skips unchanged ones, updates changed ones with what changed', () => {
    const plan = planImport(
      [ok(row(2)), ok(row(3, { amount: 12, dueDate: '2027-02-01' })), ok(row(4)), { ok: false, line: 5, reason: 'The name is empty' }],
      [kept(row(2)), kept(row(3))],
      10,
      'Over the limit',
    );
    expect(plan.map((p) => [p.line, p.action, 'reason' in p ? p.reason : undefined])).toEqual([
      [2, 'skip', 'Already imported'],
      [3, 'update', 'Changed: amount, next payment'],
      [4, 'create', undefined],
      [5, 'skip', 'The name is empty'],
    ]);
  });

  it('ignores the status: canceling here is the user’s; a match in the trash is not brought back', () => {
    const plan = planImport([ok(row(2)), ok(row(3))], [kept(row(2), { status: 'canceled' }), kept(row(3), { status: 'deleted' })], 10, 'x');
    expect(plan.map((p) => ('reason' in p ? p.reason : p.action))).toEqual([
      'Already imported',
      'Already imported, and now in the trash: recover it there',
    ]);
  });

  it('tells a row created under the name of a subscription already there (issue 35 §2.16), not one in the trash', () => {
    const plan = planImport(
      [ok(row(2, { name: 'netflix ' })), ok(row(3, { name: 'Crème  Digital' })), ok(row(4, { name: 'Gym' })), ok(row(5, { name: 'Old' }))],
      [kept(row(10, { name: 'Netflix' })), kept(row(11, { name: 'Creme Digital' })), kept(row(12, { name: 'Old' }), { status: 'deleted' })],
      10,
      'x',
    );
    expect(plan.map((p) => [p.line, p.action, p.action === 'create' ? p.sameNameAs : undefined])).toEqual([
      [2, 'create', 'Netflix'],
      [3, 'create', 'Creme Digital'],
      [4, 'create', undefined],
      [5, 'create', undefined],
    ]);
    expect(sameNameNote('Netflix')).toBe('You already have a subscription named “Netflix”: importing this row adds a second one');
    expect(importedMessage({ create: 3, update: 1 }, 1)).toBe(
      '3 subscriptions imported, 1 updated, 1 new one named like a subscription you already had',
    );
    expect(importedMessage({ create: 2, update: 0 }, 2)).toBe(
      '2 subscriptions imported, 2 new ones named like subscriptions you already had',
    );
    expect(importedMessage({ create: 2, update: 0 })).toBe('2 subscriptions imported');
  });

  it('creates only as many as the ceiling leaves, and skips the same id twice', () => {
    const plan = planImport([ok(row(2)), ok(row(3)), ok(row(2, { line: 4 })), ok(row(5))], [], 1, 'Over your plan’s limit');
    expect(plan.map((p) => ('reason' in p ? p.reason : p.action))).toEqual([
      'create',
      'Over your plan’s limit',
      'The same subscription as line 2',
      'Over your plan’s limit',
    ]);
  });
});

const subscription = (fields: Partial<Subscription>): Subscription => ({
  id: '7f3c1a52-0000-4000-8000-000000000001',
  name: 'Zeit, "Digital"',
  description: 'Line one\nline two',
  amount: 19.5,
  currency: 'EUR',
  priceHistory: [
    { amount: 17, currency: 'EUR', effectiveFrom: '2026-01-31' },
    { amount: 19.5, currency: 'EUR', effectiveFrom: '2026-10-31' },
  ],
  category: 'News & Magazines',
  dueDate: '2027-01-31',
  billingCycle: 'monthly',
  cycleInterval: 3,
  anchorDay: 31,
  trialEndsAt: null,
  endsAt: '2028-01-31',
  noticeDays: 14,
  cancelByDate: null,
  cancelBy: '2027-01-17',
  url: 'https://abo.zeit.de/',
  logo: null,
  externalId: null,
  autoRenew: false,
  status: 'active',
  deletedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...fields,
});

describe('this product’s export (issue 24 §6: CSV and full JSON that re-import to the same data)', () => {
  const list = [
    subscription({}),
    subscription({ id: '7f3c1a52-0000-4000-8000-000000000002', name: 'Old', status: 'canceled', externalId: 'wallos:abc' }),
    subscription({ id: '7f3c1a52-0000-4000-8000-000000000003', name: 'Trashed', status: 'deleted' }),
  ];

  it('JSON keeps every field, price history and anchor included, the trash left out', () => {
    const { rows } = parse('subscription-tracker-json', exportJson(list, '2026-11-27T10:00:00.000Z'));
    expect(skipped(rows)).toEqual([]);
    expect(imported(rows)).toEqual([
      {
        line: 1,
        externalId: 'subscription-tracker:7f3c1a52-0000-4000-8000-000000000001',
        name: 'Zeit, "Digital"',
        description: 'Line one\nline two',
        amount: 19.5,
        currency: 'EUR',
        category: 'News & Magazines',
        dueDate: '2027-01-31',
        billingCycle: 'monthly',
        cycleInterval: 3,
        autoRenew: false,
        status: 'active',
        trialEndsAt: null,
        endsAt: '2028-01-31',
        noticeDays: 14,
        cancelByDate: null,
        url: 'https://abo.zeit.de/',
        priceHistory: list[0].priceHistory,
        anchorDay: 31,
      },
      expect.objectContaining({ line: 2, externalId: 'wallos:abc', name: 'Old', status: 'canceled' }),
    ]);
  });

  it('JSON carries each subscription’s payments, oldest first, and reads them back (issue 35 §2.9)', () => {
    const payments = [
      { dueDate: '2027-01-31', status: 'paid' as const, amount: 21.4, currency: 'EUR', recordedAt: '2027-01-31T08:00:00.000Z' },
      { dueDate: '2026-10-31', status: 'skipped' as const, amount: 19.5, currency: 'EUR', recordedAt: '2026-10-31T08:00:00.000Z' },
    ];
    const text = exportJson([{ ...subscription({}), payments }], 'x');
    const written = [
      { dueDate: '2026-10-31', status: 'skipped', amount: 19.5, currency: 'EUR' },
      { dueDate: '2027-01-31', status: 'paid', amount: 21.4, currency: 'EUR' },
    ];
    expect(JSON.parse(text).subscriptions[0].payments).toEqual(written);
    expect(imported(parse('subscription-tracker-json', text).rows)[0]?.payments).toEqual(written);
    // Without payments to give (the list's CSV, an older file), no payments key.
    expect(JSON.parse(exportJson(list, 'x')).subscriptions[0]).not.toHaveProperty('payments');
  });

  it('JSON keeps the cancel-by date the user gave, and an older file without the key says nothing of it (issue 35 §2.5)', () => {
    const text = exportJson([subscription({ cancelByDate: '2027-06-30' })], 'x');
    expect(JSON.parse(text).subscriptions[0].cancelByDate).toBe('2027-06-30');
    expect(imported(parse('subscription-tracker-json', text).rows)[0]?.cancelByDate).toBe('2027-06-30');
    const older = JSON.parse(text);
    delete older.subscriptions[0].cancelByDate;
    expect(imported(parse('subscription-tracker-json', JSON.stringify(older)).rows)[0]).not.toHaveProperty('cancelByDate');
  });

  it('a JSON entry without a key leaves its field unsaid (issue 35 §2.10)', () => {
    const data = JSON.parse(exportJson(list, 'x'));
    delete data.subscriptions[0].autoRenew;
    delete data.subscriptions[0].description;
    const [row] = imported(parse('subscription-tracker-json', JSON.stringify(data)).rows);
    expect(row?.unsaid).toEqual(['description', 'autoRenew']);
  });

  it('is recognised as this product’s export', () => {
    expect(detectFormat(exportJson(list, 'x'))).toBe('subscription-tracker-json');
    expect(detectFormat(exportCsv(list))).toBe('subscription-tracker-csv');
  });

  it('CSV keeps the fields of a row, quoted where needed', () => {
    const text = exportCsv(list);
    expect(text.split('\r\n')[0]).toBe(
      'External ID,Name,Description,Amount,Currency,Category,Next Payment,Billing Cycle,Cycle Interval,Auto Renew,Status,Trial Ends,Ends,Notice Days,Website',
    );
    const { rows } = parse('subscription-tracker-csv', text);
    expect(imported(rows).map(({ line, ...r }) => r)).toEqual(
      parse('subscription-tracker-json', exportJson(list, 'x')).rows.flatMap((r) =>
        // The CSV has the list's columns: no price history, anchor or cancel-by date (the JSON has them).
        r.ok ? [(({ line, priceHistory, anchorDay, cancelByDate, ...f }) => f)(r.row)] : [],
      ),
    );
  });

  it('keeps the website both ways; a CSV of ours from before it, without the column, says nothing of it (issue 36 §2)', () => {
    expect(JSON.parse(exportJson(list, 'x')).subscriptions[0].url).toBe('https://abo.zeit.de/');
    expect(imported(parse('subscription-tracker-csv', exportCsv(list)).rows)[0]?.url).toBe('https://abo.zeit.de/');
    const [header, ...lines] = exportCsv(list).split('\r\n');
    const older = [header?.replace(/,Website$/, ''), ...lines.map((line) => line.replace(/,[^,]*$/, ''))].join('\r\n');
    const [row] = imported(parse('subscription-tracker-csv', older).rows);
    expect(row).toMatchObject({ name: 'Zeit, "Digital"', amount: 19.5 });
    expect(row).not.toHaveProperty('url');
  });
});
