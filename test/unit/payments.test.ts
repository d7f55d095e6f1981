import { describe, expect, it } from 'vitest';
import { nextRenewal } from '../../shared/domain/billing.js';
import { convert, FIXED_RATES, roundMoney } from '../../shared/domain/currency.js';
import { lifetimeSpend as insightsLifetime } from '../../shared/domain/insights.js';
import {
  dueDateAfterPayment,
  isRecordableRenewal,
  isRenewalDate,
  lifetimeSpend,
  paymentFor,
  recordableWindow,
  unrecordedRenewals,
} from '../../shared/domain/payments.js';
import { sub } from './subscription-fixtures.js';

/** Payments (issue 24 §4): which dates can be marked, what a mark records, what the lifetime spend is. */
describe('renewal dates that can be marked (issue 24 §4)', () => {
  const monthly = sub({ dueDate: '2027-01-31' });

  it('are the schedule both ways, keeping the anchor day', () => {
    for (const date of ['2026-11-30', '2026-12-31', '2027-01-31', '2027-02-28', '2027-03-31'])
      expect(isRenewalDate(monthly, date)).toBe(true);
    for (const date of ['2027-02-27', '2027-01-30', '2026-12-30']) expect(isRenewalDate(monthly, date)).toBe(false);
  });

  it('stop after the end date, and at the due date once canceled; a deleted subscription has none', () => {
    expect(isRenewalDate({ ...monthly, endsAt: '2027-02-15' }, '2027-03-31')).toBe(false);
    expect(isRenewalDate({ ...monthly, status: 'canceled' }, '2027-01-31')).toBe(false);
    expect(isRenewalDate({ ...monthly, status: 'canceled' }, '2026-12-31')).toBe(true);
    expect(isRenewalDate({ ...monthly, status: 'deleted' }, '2026-12-31')).toBe(false);
  });
});

describe('renewals a payment or a settlement may be recorded for (issue 34 §10)', () => {
  const weekly = sub({ billingCycle: 'weekly', dueDate: '2027-01-07', createdAt: '2026-11-20T10:00:00.000Z', priceHistory: undefined });

  it('run from the start to the next renewal: the due date, or today (in the easternmost zone) when it is past', () => {
    expect(recordableWindow(weekly, '2026-12-01')).toEqual({ from: '2026-11-20', to: '2027-01-07' });
    expect(recordableWindow(weekly, '2027-02-01')).toEqual({ from: '2026-11-20', to: '2027-02-02' });
    // A due date before the creation day starts the window there.
    expect(recordableWindow({ ...weekly, dueDate: '2026-10-01' }, '2026-12-01').from).toBe('2026-10-01');
  });

  it('refuses renewals after the next one and before the start, whatever the schedule has', () => {
    expect(isRecordableRenewal(weekly, '2027-01-07', '2026-12-01')).toBe(true);
    expect(isRecordableRenewal(weekly, '2026-11-26', '2026-12-01')).toBe(true);
    for (const date of ['2027-01-14', '2990-01-04', '2026-11-19'])
      expect(isRecordableRenewal(weekly, date, '2026-12-01'), date).toBe(false);
  });
});

describe('what a mark records (issue 24 §4)', () => {
  const raised = sub({
    amount: 12,
    currency: 'EUR',
    dueDate: '2027-01-15',
    trialEndsAt: '2026-11-01',
    priceHistory: [
      { amount: 10, currency: 'EUR', effectiveFrom: '2026-01-01' },
      { amount: 12, currency: 'EUR', effectiveFrom: '2027-01-01' },
    ],
  });

  it('the price in force at the renewal without an amount: 0 in the trial, the old price before a change, the new one after', () => {
    expect(paymentFor(raised, '2026-10-15', 'paid')).toEqual({ dueDate: '2026-10-15', status: 'paid', amount: 0, currency: 'EUR' });
    expect(paymentFor(raised, '2026-12-15', 'skipped')).toEqual({ dueDate: '2026-12-15', status: 'skipped', amount: 10, currency: 'EUR' });
    expect(paymentFor(raised, '2027-01-15', 'paid')).toMatchObject({ amount: 12, currency: 'EUR' });
  });

  it('the amount actually charged for a variable bill, in the price’s currency unless another is given', () => {
    expect(paymentFor(raised, '2027-01-15', 'paid', { amount: 13.456 })).toMatchObject({ amount: 13.46, currency: 'EUR' });
    expect(paymentFor(raised, '2027-01-15', 'paid', { amount: 14, currency: 'USD' })).toMatchObject({ amount: 14, currency: 'USD' });
  });
});

describe('lifetime spend: one computation for the details dialog, the payments route and /insights (issue 35 §2)', () => {
  const TODAY = '2026-11-28';
  // Spotify in euros, tracked from 15 August, renewing on the 1st, next on 1 December.
  const spotify = sub({
    name: 'Spotify',
    amount: 10.99,
    currency: 'EUR',
    dueDate: '2026-12-01',
    priceHistory: [{ amount: 10.99, currency: 'EUR', effectiveFrom: '2026-08-15' }],
    createdAt: '2026-08-15T09:00:00.000Z',
  });
  const issuePayments = [
    { dueDate: '2026-11-01', status: 'paid', amount: 11.49, currency: 'EUR' },
    { dueDate: '2026-10-01', status: 'skipped', amount: 10.99, currency: 'EUR' },
    { dueDate: '2026-09-01', status: 'paid', amount: 10.99, currency: 'EUR' },
  ] as const;

  it('€10.99 paid, one renewal skipped, €11.49 paid: $24.43 in the dialog and on /insights alike', () => {
    const dialog = lifetimeSpend(spotify, issuePayments, TODAY, 'USD');
    expect(dialog).toEqual({ amount: 24.43, currency: 'USD', paidCount: 2, skippedCount: 1, unrecordedCount: 0 });
    expect(dialog.amount).toBe(roundMoney(convert(10.99 + 11.49, 'EUR', 'USD')));
    const insights = insightsLifetime([spotify], TODAY, { currency: 'USD', rates: FIXED_RATES }, { [spotify.id]: issuePayments });
    expect(insights.map((row) => row.total)).toEqual([24.43]);
    expect(lifetimeSpend(spotify, issuePayments, TODAY, 'EUR').amount).toBe(22.48);
  });

  it('a past renewal with no record counts the price in force then; a skip counts nothing', () => {
    const raised = {
      ...spotify,
      priceHistory: [
        { amount: 10.99, currency: 'EUR', effectiveFrom: '2026-08-15' },
        { amount: 11.99, currency: 'EUR', effectiveFrom: '2026-10-15' },
      ],
    };
    // 1 September and 1 October unrecorded (10.99 each), 1 November at the raised price.
    expect(lifetimeSpend(raised, [], TODAY, 'EUR')).toMatchObject({ amount: 33.97, paidCount: 0, unrecordedCount: 3 });
    const skipped = [{ dueDate: '2026-10-01', status: 'skipped', amount: 10.99, currency: 'EUR' }] as const;
    expect(lifetimeSpend(raised, skipped, TODAY, 'EUR')).toMatchObject({ amount: 22.98, skippedCount: 1, unrecordedCount: 2 });
    // Free-trial renewals cost 0.
    expect(lifetimeSpend({ ...raised, trialEndsAt: '2026-10-01' }, [], TODAY, 'EUR').amount).toBe(22.98);
  });

  it('a renewal due today or past due counts only once it is marked paid (or renewed)', () => {
    const pastDue = { ...spotify, dueDate: '2026-10-01' };
    // 1 September happened (the due date moved past it); 1 October and 1 November are past due.
    expect(lifetimeSpend(pastDue, [], TODAY, 'EUR')).toMatchObject({ amount: 10.99, unrecordedCount: 1 });
    const paidNovember = [{ dueDate: '2026-11-01', status: 'paid', amount: 12, currency: 'EUR' }] as const;
    expect(lifetimeSpend(pastDue, paidNovember, TODAY, 'EUR').amount).toBe(22.99);
    expect(lifetimeSpend(spotify, [], '2026-11-01', 'EUR')).toMatchObject({ amount: 21.98, unrecordedCount: 2 });
    // Tracked from today: nothing has happened yet.
    expect(lifetimeSpend({ ...spotify, createdAt: `${TODAY}T08:00:00.000Z`, priceHistory: [] }, [], TODAY, 'EUR').amount).toBe(0);
  });

  it('converts each payment from the currency it was recorded in, with the rates it is given', () => {
    const mixed = [
      { dueDate: '2026-11-01', status: 'paid', amount: 10, currency: 'EUR' },
      { dueDate: '2026-10-01', status: 'paid', amount: 11.5, currency: 'USD' },
      { dueDate: '2026-09-01', status: 'skipped', amount: 10, currency: 'EUR' },
    ] as const;
    expect(lifetimeSpend(spotify, mixed, TODAY, 'EUR').amount).toBe(roundMoney(10 + convert(11.5, 'USD', 'EUR')));
    const rates = { date: '2026-11-24', perUsd: { ...FIXED_RATES.perUsd, EUR: 0.5 } };
    expect(lifetimeSpend(spotify, mixed, TODAY, 'USD', rates).amount).toBe(31.5);
  });
});

describe('a renewal marked paid moves the due date on (issue 35 §8)', () => {
  const monthly = sub({ dueDate: '2026-10-31' });

  it('from the due date, or a past-due renewal after it, to the renewal after the one marked, as Renew does', () => {
    expect(dueDateAfterPayment(monthly, '2026-10-31', 'paid')).toBe('2026-11-30');
    expect(dueDateAfterPayment(monthly, '2026-10-31', 'paid')).toBe(nextRenewal(monthly));
    expect(dueDateAfterPayment(monthly, '2026-11-30', 'paid')).toBe('2026-12-31');
  });

  it('not for a skip, a renewal the due date already moved past, or a canceled subscription', () => {
    expect(dueDateAfterPayment(monthly, '2026-10-31', 'skipped')).toBeNull();
    expect(dueDateAfterPayment(monthly, '2026-09-30', 'paid')).toBeNull();
    expect(dueDateAfterPayment({ ...monthly, status: 'canceled' }, '2026-10-31', 'paid')).toBeNull();
  });
});

describe('renewals still to mark (issue 24 §4)', () => {
  it('those up to today with no record, newest first, since the first price', () => {
    const s = sub({ dueDate: '2026-12-10', priceHistory: [{ amount: 10, currency: 'USD', effectiveFrom: '2026-08-01' }] });
    expect(unrecordedRenewals(s, [{ dueDate: '2026-10-10' }], '2026-11-27')).toEqual(['2026-11-10', '2026-09-10', '2026-08-10']);
  });

  it('at most the last 12 months, and none in the future', () => {
    const s = sub({ dueDate: '2026-11-27', priceHistory: [{ amount: 10, currency: 'USD', effectiveFrom: '2020-01-01' }] });
    const open = unrecordedRenewals(s, [], '2026-11-27');
    expect(open[0]).toBe('2026-11-27');
    expect(open.at(-1)).toBe('2025-11-27');
    expect(open).toHaveLength(13);
  });
});
