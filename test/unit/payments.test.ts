import { describe, expect, it } from 'vitest';
import { convert, FIXED_RATES, roundMoney } from '../../shared/domain/currency.js';
import {
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

describe('lifetime spend (issue 24 §4)', () => {
  const payments = [
    { status: 'paid', amount: 10, currency: 'EUR' },
    { status: 'skipped', amount: 10, currency: 'EUR' },
    { status: 'paid', amount: 11.5, currency: 'USD' },
  ] as const;

  it('adds the paid amounts only, each converted to the currency asked for', () => {
    expect(lifetimeSpend(payments, 'EUR')).toEqual({ amount: roundMoney(10 + convert(11.5, 'USD', 'EUR')), currency: 'EUR' });
    expect(lifetimeSpend(payments, 'USD')).toEqual({ amount: roundMoney(convert(10, 'EUR', 'USD') + 11.5), currency: 'USD' });
    expect(lifetimeSpend([], 'GBP')).toEqual({ amount: 0, currency: 'GBP' });
  });

  it('converts with the rates it is given', () => {
    const rates = { date: '2026-11-24', perUsd: { ...FIXED_RATES.perUsd, EUR: 0.5 } };
    expect(lifetimeSpend(payments, 'USD', rates).amount).toBe(31.5);
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
