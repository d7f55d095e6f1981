import { describe, expect, it } from 'vitest';
import { convert } from '../../shared/domain/currency.js';
import {
  budgetChecks,
  categoriesBySpend,
  type InsightSubscription,
  lifetimeSpend,
  MAX_YEARLY_SUGGESTIONS,
  monthLabel,
  monthSpend,
  nextPassedBudget,
  priceChanges,
  serviceName,
  shiftMonth,
  smartInsights,
  spendByMonth,
  TYPICAL_YEARLY_DISCOUNT,
} from '../../shared/domain/insights.js';
import { countedSubscription } from '../../shared/domain/sharing/share-totals.js';

/** Issue 24 §5: the figures of /insights and the budgets, from the subscriptions as they are billed. */
const TODAY = '2026-11-27';
const USD = { currency: 'USD' };

let nextId = 0;
function sub(fields: Partial<InsightSubscription> & Pick<InsightSubscription, 'amount' | 'dueDate'>): InsightSubscription {
  nextId += 1;
  const createdAt = fields.createdAt ?? '2026-06-01T10:00:00.000Z';
  return {
    id: `sub-${nextId}`,
    name: `Subscription ${nextId}`,
    category: 'streaming',
    billingCycle: 'monthly',
    status: 'active',
    currency: 'USD',
    priceHistory: [{ amount: fields.amount, currency: fields.currency ?? 'USD', effectiveFrom: createdAt.slice(0, 10) }],
    createdAt,
    ...fields,
  };
}

const totals = (months: { month: string; total: number }[]) => Object.fromEntries(months.map((m) => [m.month, m.total]));

describe('months', () => {
  it('moves across years and names months in UTC', () => {
    expect(shiftMonth('2026-11', 2)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-11', -23)).toBe('2024-12');
    expect(monthLabel('2026-11')).toBe('Nov 2026');
    expect(monthLabel('2027-01', 'long')).toBe('January 2027');
  });
});

describe('spend per month (issue 24 §5: the last 12 and the next 12)', () => {
  it('lists the 12 months up to this one and the next 12, each marked past, current or future', () => {
    const months = spendByMonth([], TODAY, USD);
    expect(months).toHaveLength(24);
    expect(months[0]).toMatchObject({ month: '2025-12', when: 'past', total: 0 });
    expect(months[11]).toMatchObject({ month: '2026-11', when: 'current' });
    expect(months[12]).toMatchObject({ month: '2026-12', when: 'future' });
    expect(months[23]?.month).toBe('2027-11');
  });

  it('counts each occurrence from the day the subscription was first tracked, before today and after', () => {
    const netflix = sub({ amount: 10, dueDate: '2026-12-15', createdAt: '2026-06-10T08:00:00.000Z' });
    const spend = totals(spendByMonth([netflix], TODAY, USD));
    expect(spend['2026-05']).toBe(0);
    // Tracked from 10 June: the 15 June renewal is the first one counted.
    for (const month of ['2026-06', '2026-07', '2026-11', '2026-12', '2027-11']) expect(spend[month]).toBe(10);
  });

  it('uses the price in force at each occurrence (price history)', () => {
    const spotify = sub({
      amount: 12,
      dueDate: '2026-12-01',
      priceHistory: [
        { amount: 10, currency: 'USD', effectiveFrom: '2026-06-01' },
        { amount: 12, currency: 'USD', effectiveFrom: '2027-03-01' },
      ],
    });
    const spend = totals(spendByMonth([spotify], TODAY, USD));
    expect(spend['2027-02']).toBe(10);
    expect(spend['2027-03']).toBe(12);
  });

  it('charges 0 until the trial ends and nothing after the end date', () => {
    const trial = sub({ amount: 8, dueDate: '2026-12-10', trialEndsAt: '2027-01-10', createdAt: '2026-11-10T00:00:00.000Z' });
    const ending = sub({ amount: 5, dueDate: '2026-12-05', endsAt: '2027-02-28', createdAt: '2026-11-01T00:00:00.000Z' });
    const spend = spendByMonth([trial, ending], TODAY, USD);
    const total = totals(spend);
    expect(total['2026-12']).toBe(5);
    expect(total['2027-01']).toBe(13);
    expect(total['2027-02']).toBe(13);
    expect(total['2027-03']).toBe(8);
  });

  it('keeps a canceled subscription’s past and drops its future; the trash counts nothing', () => {
    const canceled = sub({ amount: 7, dueDate: '2026-12-03', status: 'canceled', createdAt: '2026-09-01T00:00:00.000Z' });
    const deleted = sub({ amount: 99, dueDate: '2026-12-03', status: 'deleted' });
    const spend = totals(spendByMonth([canceled, deleted], TODAY, USD));
    expect(spend['2026-09']).toBe(7);
    expect(spend['2026-11']).toBe(7);
    expect(spend['2026-12']).toBe(0);
  });

  it('converts each charge from its own currency to the display currency', () => {
    const euro = sub({ amount: 9.99, currency: 'EUR', dueDate: '2026-12-01' });
    expect(monthSpend([euro], '2026-12', TODAY, USD).total).toBe(Math.round(convert(9.99, 'EUR', 'USD') * 100) / 100);
    expect(monthSpend([euro], '2026-12', TODAY, { currency: 'EUR' }).total).toBe(9.99);
  });

  it('splits a month by category (keys as categoryKey) and orders categories by spend', () => {
    const subs = [
      sub({ amount: 10, dueDate: '2026-12-01', category: 'Streaming' }),
      sub({ amount: 120, dueDate: '2027-01-01', billingCycle: 'yearly', category: 'cloud' }),
      sub({ amount: 5, dueDate: '2026-12-02', category: 'streaming' }),
    ];
    expect(monthSpend(subs, '2026-12', TODAY, USD).byCategory).toEqual({ streaming: 15 });
    const months = spendByMonth(subs, TODAY, USD);
    expect(monthSpend(subs, '2027-01', TODAY, USD).byCategory).toEqual({ streaming: 15, cloud: 120 });
    expect(categoriesBySpend(months)).toEqual(['streaming', 'cloud']);
  });
});

describe('price changes and lifetime spend', () => {
  it('lists every change newest first, with its percent against the price before', () => {
    const a = sub({
      name: 'Netflix',
      amount: 17.99,
      dueDate: '2026-12-01',
      priceHistory: [
        { amount: 15.49, currency: 'USD', effectiveFrom: '2025-01-01' },
        { amount: 17.99, currency: 'USD', effectiveFrom: '2026-10-01' },
      ],
    });
    const b = sub({
      name: 'Gym',
      amount: 30,
      dueDate: '2026-12-01',
      priceHistory: [
        { amount: 40, currency: 'USD', effectiveFrom: '2025-01-01' },
        { amount: 30, currency: 'USD', effectiveFrom: '2027-01-01' },
      ],
    });
    expect(priceChanges([a, b]).map(({ name, date, percent }) => ({ name, date, percent }))).toEqual([
      { name: 'Gym', date: '2027-01-01', percent: -25 },
      { name: 'Netflix', date: '2026-10-01', percent: 16.1 },
    ]);
  });

  it('sums each subscription from its first tracked day to today, largest first', () => {
    const old = sub({ name: 'Old', amount: 10, dueDate: '2026-12-01', createdAt: '2026-01-15T00:00:00.000Z' });
    const recent = sub({ name: 'Recent', amount: 50, dueDate: '2026-12-20', createdAt: '2026-10-01T00:00:00.000Z' });
    const rows = lifetimeSpend([recent, old], TODAY, USD);
    // Old: 1 Feb … 1 Nov (10 renewals); Recent: 20 Oct and 20 Nov.
    expect(rows.map(({ name, total, since }) => ({ name, total, since }))).toEqual([
      { name: 'Old', total: 100, since: '2026-01-15' },
      { name: 'Recent', total: 100, since: '2026-10-01' },
    ]);
  });
});

describe('smart insights (issue 24 §5: rules, no model)', () => {
  it('names a service without plan words, accents or punctuation', () => {
    expect(serviceName('Netflix Premium (4K)')).toBe('netflix 4k');
    expect(serviceName('Disney+')).toBe('disney');
    expect(serviceName('Spotify Family')).toBe(serviceName('spotify'));
    expect(serviceName('Premium')).toBe('premium');
  });

  it('finds two active subscriptions of one service', () => {
    const a = sub({ name: 'Spotify Premium', amount: 11.99, dueDate: '2026-12-01', createdAt: '2026-11-01T00:00:00.000Z' });
    const b = sub({ name: 'Spotify Family', amount: 19.99, dueDate: '2026-12-05', createdAt: '2026-11-01T00:00:00.000Z' });
    const other = sub({ name: 'Apple Music', amount: 10.99, dueDate: '2026-12-05', createdAt: '2026-11-01T00:00:00.000Z' });
    const insights = smartInsights([a, b, other], TODAY, USD);
    expect(insights).toEqual([
      {
        kind: 'duplicate',
        subscriptionIds: [b.id, a.id],
        title: '2 subscriptions to one service',
        detail:
          'Spotify Family and Spotify Premium look like the same service; together they cost $31.98 a month. Is one of them left over?',
      },
    ]);
    expect(smartInsights([a, { ...b, status: 'canceled' }], TODAY, USD)).toEqual([]);
  });

  it('points out a price rise within the last year or to come, not a drop or an old rise', () => {
    const rise = (effectiveFrom: string, to: number) =>
      sub({
        name: 'Netflix',
        amount: to,
        dueDate: '2026-12-01',
        createdAt: '2026-11-01T00:00:00.000Z',
        priceHistory: [
          { amount: 10, currency: 'USD', effectiveFrom: '2024-01-01' },
          { amount: to, currency: 'USD', effectiveFrom },
        ],
      });
    const rises = (subscription: InsightSubscription) => smartInsights([subscription], TODAY, USD).filter((i) => i.kind === 'priceRise');
    expect(rises(rise('2026-10-01', 12))).toEqual([
      {
        kind: 'priceRise',
        subscriptionIds: [expect.any(String)],
        title: 'Netflix went up 20%',
        detail: 'From $10.00 to $12.00 on Oct 1, 2026. Worth checking whether a cheaper plan would do.',
      },
    ]);
    expect(rises(rise('2027-01-01', 12))[0]?.title).toBe('Netflix goes up 20%');
    expect(rises(rise('2026-10-01', 8))).toEqual([]);
    expect(rises(rise('2025-11-01', 12))).toEqual([]);
  });

  it('warns of a trial that converts within 7 days, with its first price', () => {
    const trial = (trialEndsAt: string) =>
      sub({ name: 'Duolingo', amount: 12.99, dueDate: trialEndsAt, trialEndsAt, createdAt: '2026-11-20T00:00:00.000Z' });
    expect(smartInsights([trial('2026-11-30')], TODAY, USD)).toEqual([
      {
        kind: 'trialEnding',
        subscriptionIds: [expect.any(String)],
        title: "Duolingo's trial ends in 3 days",
        detail: 'Cancel before Nov 30, 2026 if you do not want to keep it. Then it costs $12.99 on Nov 30, 2026.',
      },
    ]);
    expect(smartInsights([trial('2026-12-04')], TODAY, USD)[0]?.title).toBe("Duolingo's trial ends in 7 days");
    expect(smartInsights([trial('2026-12-05')], TODAY, USD)).toEqual([]);
  });

  it('suggests a yearly plan for a monthly one kept 6 months or more, saving 12 payments × the typical discount', () => {
    const kept = (createdAt: string, extra: Partial<InsightSubscription> = {}) =>
      sub({ name: 'Adobe', amount: 22.99, dueDate: '2026-12-16', createdAt: `${createdAt}T00:00:00.000Z`, ...extra });
    const saving = Math.round(22.99 * 12 * TYPICAL_YEARLY_DISCOUNT * 100) / 100;
    expect(smartInsights([kept('2026-05-20')], TODAY, USD)).toEqual([
      {
        kind: 'yearlyCheaper',
        subscriptionIds: [expect.any(String)],
        title: 'Adobe could cost less yearly',
        detail: `You pay $22.99 a month, $275.88 a year. Most services discount a yearly plan by about 16%: switching would save about $${saving} a year, if Adobe offers one.`,
      },
    ]);
    // Not yet 6 months, billed yearly, or ending within the year: no suggestion.
    expect(smartInsights([kept('2026-06-01')], TODAY, USD)).toEqual([]);
    expect(smartInsights([kept('2026-01-01', { billingCycle: 'yearly' })], TODAY, USD)).toEqual([]);
    expect(smartInsights([kept('2026-01-01', { endsAt: '2027-06-30' })], TODAY, USD)).toEqual([]);
  });
});

describe('yearly-plan suggestions', () => {
  it('shows only the largest savings, largest first', () => {
    const subs = [5, 40, 12, 25].map((amount) =>
      sub({ name: `Plan ${amount}`, amount, dueDate: '2026-12-10', createdAt: '2026-01-01T00:00:00.000Z' }),
    );
    const titles = smartInsights(subs, TODAY, USD).map((insight) => insight.title);
    expect(MAX_YEARLY_SUGGESTIONS).toBe(3);
    expect(titles).toEqual(['Plan 40 could cost less yearly', 'Plan 25 could cost less yearly', 'Plan 12 could cost less yearly']);
  });
});

describe('budgets (issue 24 §5)', () => {
  const subs = [
    sub({ amount: 15, dueDate: '2026-11-30', category: 'Streaming', createdAt: '2026-11-01T00:00:00.000Z' }),
    sub({ amount: 20, dueDate: '2026-11-05', category: 'music', createdAt: '2026-11-01T00:00:00.000Z' }),
  ];

  it('checks the month’s projected spend (past and coming occurrences) against the overall and category budgets', () => {
    const checks = budgetChecks(
      {
        monthly: 30,
        currency: 'USD',
        categories: [
          { category: 'streaming', monthly: 20 },
          { category: 'Music', monthly: 15 },
        ],
      },
      subs,
      '2026-11',
      TODAY,
    );
    expect(checks).toEqual([
      { key: 'overall', name: 'Monthly budget', limit: 30, projected: 35, currency: 'USD', passed: true },
      { key: 'category:streaming', name: 'Streaming budget', limit: 20, projected: 15, currency: 'USD', passed: false },
      { key: 'category:music', name: 'Music budget', limit: 15, projected: 20, currency: 'USD', passed: true },
    ]);
  });

  it('a budget equal to the spend is not passed; no overall budget, no overall check', () => {
    expect(budgetChecks({ monthly: 35, currency: 'USD', categories: [] }, subs, '2026-11', TODAY)[0]?.passed).toBe(false);
    expect(budgetChecks({ monthly: null, currency: 'USD', categories: [] }, subs, '2026-11', TODAY)).toEqual([]);
  });

  it('compares in the budget’s currency', () => {
    const [check] = budgetChecks({ monthly: 30, currency: 'EUR', categories: [] }, subs, '2026-11', TODAY);
    expect(check?.projected).toBe(Math.round(convert(35, 'USD', 'EUR') * 100) / 100);
  });
});

describe('the month projected whole, and the warning ahead (issue 35 §2.3)', () => {
  // A new user on 28 November adds what they pay: two subscriptions renewed earlier this month (due again
  // in December), one renewing on the 30th, and a yearly domain renewal in December.
  const ON = '2026-11-28';
  const added = '2026-11-28T09:00:00.000Z';
  const subs = [
    sub({
      name: 'Office',
      amount: 400,
      dueDate: '2026-12-03',
      createdAt: added,
      priceHistory: [{ amount: 400, currency: 'USD', effectiveFrom: ON }],
    }),
    sub({
      name: 'Cloud',
      amount: 100,
      dueDate: '2026-12-20',
      createdAt: added,
      priceHistory: [{ amount: 100, currency: 'USD', effectiveFrom: ON }],
    }),
    sub({
      name: 'iCloud',
      amount: 28.39,
      dueDate: '2026-11-30',
      createdAt: added,
      priceHistory: [{ amount: 28.39, currency: 'USD', effectiveFrom: ON }],
    }),
    sub({
      name: 'Domains',
      amount: 182.61,
      dueDate: '2026-12-15',
      billingCycle: 'yearly',
      createdAt: added,
      priceHistory: [{ amount: 182.61, currency: 'USD', effectiveFrom: ON }],
    }),
  ];
  const budget = { monthly: 600, currency: 'USD', categories: [] };

  it('November’s projection counts what already renewed in November, not only the 30th’s $28.39', () => {
    expect(monthSpend(subs, '2026-11', ON, USD).total).toBe(528.39);
    expect(budgetChecks(budget, subs, '2026-11', ON)).toEqual([
      { key: 'overall', name: 'Monthly budget', limit: 600, projected: 528.39, currency: 'USD', passed: false },
    ]);
    // The chart's November bar is the same figure: one computation.
    expect(totals(spendByMonth(subs, ON, USD))['2026-11']).toBe(528.39);
  });

  it('the warning names December, whose $711 passes the $600 budget', () => {
    expect(monthSpend(subs, '2026-12', ON, USD).total).toBe(711);
    expect(nextPassedBudget(budget, subs, ON)).toEqual({
      month: '2026-12',
      passed: [{ key: 'overall', name: 'Monthly budget', limit: 600, projected: 711, currency: 'USD', passed: true }],
    });
  });

  it('looks this month and the 12 after it: a yearly renewal 12 months on warns, 13 months on does not yet', () => {
    // Every two years: no renewal in the months before the one due.
    const yearly = (dueDate: string) => [sub({ amount: 900, dueDate, billingCycle: 'yearly', cycleInterval: 2, createdAt: added })];
    expect(nextPassedBudget(budget, yearly('2027-11-10'), ON)?.month).toBe('2027-11');
    expect(nextPassedBudget(budget, yearly('2027-12-10'), ON)).toBeNull();
    expect(nextPassedBudget({ monthly: null, currency: 'USD', categories: [] }, subs, ON)).toBeNull();
  });

  it('months over stay estimated from the day each subscription was first tracked', () => {
    expect(monthSpend(subs, '2026-10', ON, USD).total).toBe(0);
  });
});

describe('months read what was paid (issue 35 §1: one truth for money)', () => {
  // Spotify, €10.99 a month on the 5th, tracked since June: September skipped, October paid €11.49.
  const spotify = sub({ name: 'Spotify', amount: 10.99, currency: 'EUR', dueDate: '2026-12-05' });
  const EUR = { currency: 'EUR' };
  const payments = {
    [spotify.id]: [
      { dueDate: '2026-09-05', status: 'skipped' as const, amount: 10.99, currency: 'EUR' },
      { dueDate: '2026-10-05', status: 'paid' as const, amount: 11.49, currency: 'EUR' },
    ],
  };

  it('a skipped renewal counts nothing and a paid one the amount charged; one with no record its price then', () => {
    expect(monthSpend([spotify], '2026-09', TODAY, EUR, payments)).toMatchObject({ total: 0, byCategory: {} });
    expect(monthSpend([spotify], '2026-10', TODAY, EUR, payments)).toMatchObject({ total: 11.49, byCategory: { streaming: 11.49 } });
    expect(monthSpend([spotify], '2026-08', TODAY, EUR, payments).total).toBe(10.99);
    // The chart reads the same months, converted as lifetime spend converts them.
    const chart = totals(spendByMonth([spotify], TODAY, USD, payments));
    expect(chart['2026-09']).toBe(0);
    expect(chart['2026-10']).toBe(Math.round(convert(11.49, 'EUR', 'USD') * 100) / 100);
    expect(chart['2026-11']).toBe(Math.round(convert(10.99, 'EUR', 'USD') * 100) / 100);
    // The months since it was tracked add up to its lifetime spend (the dialog's figure).
    const [lifetime] = lifetimeSpend([spotify], TODAY, EUR, payments);
    const spent = ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'].map(
      (month) => monthSpend([spotify], month, TODAY, EUR, payments).total,
    );
    expect(Math.round(spent.reduce((a, b) => a + b, 0) * 100) / 100).toBe(lifetime?.total);
  });

  it('a shared subscription the user pays counts their share of a paid renewal in its lifetime spend, as in its months', () => {
    // The payer of Spotify shares it with one other: €5.50 of its €10.99 is theirs; October was paid (€11.49, the whole bill).
    const shared = countedSubscription({ ...spotify, sharing: { myShare: 5.5, memberCount: 2 } });
    const [lifetime] = lifetimeSpend([shared], TODAY, EUR, payments);
    const months = ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'].map(
      (month) => monthSpend([shared], month, TODAY, EUR, payments).total,
    );
    expect(months).toEqual([5.5, 5.5, 5.5, 0, 5.5, 5.5]);
    expect(lifetime?.total).toBe(27.5);
  });

  it('budgets count this month’s and the months ahead’s records: a renewal paid at another amount, one skipped ahead', () => {
    const budget = { monthly: 11, currency: 'EUR', categories: [] };
    const paidMore = { [spotify.id]: [{ dueDate: '2026-11-05', status: 'paid' as const, amount: 12, currency: 'EUR' }] };
    expect(budgetChecks(budget, [spotify], '2026-11', TODAY, undefined, paidMore)[0]).toMatchObject({ projected: 12, passed: true });
    expect(budgetChecks(budget, [spotify], '2026-11', TODAY)[0]).toMatchObject({ projected: 10.99, passed: false });
    // A budget December passes at €10.99 is not passed once December's renewal is marked skipped.
    const low = { monthly: 10, currency: 'EUR', categories: [] };
    const paidNovemberLow = { dueDate: '2026-11-05', status: 'paid' as const, amount: 9.99, currency: 'EUR' };
    expect(nextPassedBudget(low, [spotify], TODAY, undefined, { [spotify.id]: [paidNovemberLow] })?.month).toBe('2026-12');
    const skippedDecember = { dueDate: '2026-12-05', status: 'skipped' as const, amount: 10.99, currency: 'EUR' };
    expect(nextPassedBudget(low, [spotify], TODAY, undefined, { [spotify.id]: [paidNovemberLow, skippedDecember] })?.month).toBe('2027-01');
  });
});
