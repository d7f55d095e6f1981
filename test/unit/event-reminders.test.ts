import { beforeAll, describe, expect, it } from 'vitest';
import { FIXED_RATES, formatBilledAndDisplay } from '../../shared/domain/currency.js';
import {
  endsTrial,
  firstChargeAfterTrial,
  type RemindedSubscription,
  reminderEventDates,
  renewalSkipReason,
} from '../../shared/domain/reminders/events.js';
import { setFunctionEnv } from './function-env.js';

/** Issue 24 §3: reminders for a trial's end and a cancel-by date, and every price as billed (§1). */
const monthly: RemindedSubscription = {
  amount: 9.99,
  currency: 'EUR',
  dueDate: '2026-12-12',
  billingCycle: 'monthly',
  status: 'active',
};

/** The day the reminders are planned on. */
const TODAY = '2026-11-29';

describe('which events of a subscription get reminders (issue 24 §3)', () => {
  it('has none without a trial or a notice period', () => {
    expect(reminderEventDates(monthly, TODAY)).toEqual({});
  });

  it("reminds of a trial's end, also on the first charge's day, and only while something follows it", () => {
    expect(reminderEventDates({ ...monthly, trialEndsAt: '2026-12-20' }, TODAY)).toEqual({ trialEnd: '2026-12-20' });
    // Ending on the due date (issue 35 §2.1): the event is there for rules and the calendar; the renewal's
    // reminder speaks of it too (endsTrial), and plannedReminders sends one e-mail when both fall in one hour.
    expect(reminderEventDates({ ...monthly, trialEndsAt: '2026-12-12' }, TODAY)).toEqual({ trialEnd: '2026-12-12' });
    expect(endsTrial({ ...monthly, trialEndsAt: '2026-12-12' })).toBe(true);
    // The subscription ends before anything is charged: nothing to warn of.
    expect(reminderEventDates({ ...monthly, trialEndsAt: '2027-01-20', endsAt: '2027-01-12' }, TODAY)).toEqual({});
  });

  it('reminds of the cancel-by date, due date − notice days, before a renewal that is charged', () => {
    expect(reminderEventDates({ ...monthly, noticeDays: 10 }, TODAY)).toEqual({ cancelBy: '2026-12-02' });
    // No notice: the renewal's own reminder says it all.
    expect(reminderEventDates({ ...monthly, noticeDays: 0 }, TODAY)).toEqual({});
    // The due date is in the trial (free): the deadline is the one before the first charged renewal.
    expect(reminderEventDates({ ...monthly, noticeDays: 10, trialEndsAt: '2026-12-20' }, TODAY)).toEqual({
      trialEnd: '2026-12-20',
      cancelBy: '2027-01-02',
    });
    // After the end date: no renewal to cancel.
    expect(reminderEventDates({ ...monthly, noticeDays: 10, endsAt: '2026-12-01' }, TODAY)).toEqual({});
  });

  it('plans the deadline that still matters: the renewal after once the due date’s has passed (issue 35 §2.5)', () => {
    // Due 15 Dec with 30 days' notice, on 29 Nov: 15 Nov is past, 16 Dec (for 15 Jan) is the one.
    expect(reminderEventDates({ ...monthly, dueDate: '2026-12-15', noticeDays: 30 }, TODAY)).toEqual({ cancelBy: '2026-12-16' });
    // A date the user gave: reminded as given, with or without a notice period.
    expect(reminderEventDates({ ...monthly, cancelByDate: '2027-06-30' }, TODAY)).toEqual({ cancelBy: '2027-06-30' });
  });

  it('has none unless the subscription is active', () => {
    for (const status of ['canceled', 'deleted'] as const)
      expect(reminderEventDates({ ...monthly, status, trialEndsAt: '2026-12-20', noticeDays: 3 }, TODAY)).toEqual({});
  });
});

describe('what a renewal reminder says it costs', () => {
  it('skips a renewal after the end date and one free in the trial', () => {
    expect(renewalSkipReason({ ...monthly, endsAt: '2026-12-11' })).toBe('ended');
    expect(renewalSkipReason({ ...monthly, endsAt: '2026-12-12' })).toBeNull();
    expect(renewalSkipReason({ ...monthly, trialEndsAt: '2026-12-13' })).toBe('inTrial');
    expect(renewalSkipReason({ ...monthly, trialEndsAt: '2026-12-12' })).toBeNull();
  });

  it("gives a trial's first charge at the price in force then", () => {
    const sub = {
      ...monthly,
      trialEndsAt: '2027-01-20',
      priceHistory: [
        { amount: 9.99, currency: 'EUR', effectiveFrom: '2026-01-01' },
        { amount: 11.99, currency: 'EUR', effectiveFrom: '2027-02-01' },
      ],
    };
    expect(firstChargeAfterTrial(sub)).toEqual({ date: '2027-02-12', amount: 11.99, currency: 'EUR', trial: false });
    expect(firstChargeAfterTrial(monthly)).toBeNull();
  });

  it('shows a price as billed, and about what it is in the display currency when that is another', () => {
    expect(formatBilledAndDisplay(9.99, 'EUR', 'USD')).toEqual({ billed: '€9.99', approx: '≈ $10.86' });
    expect(formatBilledAndDisplay(9.99, 'EUR', 'EUR')).toEqual({ billed: '€9.99', approx: null });
    expect(formatBilledAndDisplay(229, 'SEK', 'JPY', FIXED_RATES)).toEqual({ billed: 'SEK\u00a0229.00', approx: '≈ ¥3,141' });
  });
});

describe('the reminder e-mails (issue 24 §3)', () => {
  let reminderEmail: typeof import('../../functions/lib/reminders/reminder-email.js').reminderEmail;
  let parseReminderMessage: typeof import('../../functions/reminders/message.js').parseReminderMessage;
  let markerKey: typeof import('../../functions/reminders/claims.js').markerKey;
  let memberMarkerKey: typeof import('../../functions/reminders/claims.js').memberMarkerKey;
  beforeAll(async () => {
    setFunctionEnv();
    ({ reminderEmail } = await import('../../functions/lib/reminders/reminder-email.js'));
    ({ parseReminderMessage } = await import('../../functions/reminders/message.js'));
    ({ markerKey, memberMarkerKey } = await import('../../functions/reminders/claims.js'));
  });
  const base = {
    to: 'ana@example.com',
    displayName: 'Ana',
    currency: 'USD',
    subscription: {
      name: 'Netflix',
      amount: 9.99,
      currency: 'EUR',
      billingCycle: 'monthly' as const,
      cycleInterval: 1,
      dueDate: '2026-12-12',
      category: 'streaming',
      autoRenew: true,
      trialEndsAt: null,
      cancelBy: null,
      noticeDays: null,
    },
    daysBefore: 3,
    kind: '3day' as const,
  };

  it('names a renewal, its price as billed and in the display currency', () => {
    const mail = reminderEmail(base);
    expect(mail.subject).toBe('Reminder: Netflix renews in 3 days (€9.99 ≈ $10.86)');
    expect(mail.text).toContain('Amount: €9.99/month (≈ $10.86)');
    expect(reminderEmail({ ...base, currency: 'EUR' }).subject).toBe('Reminder: Netflix renews in 3 days (€9.99)');
  });

  it("speaks of the trial's end when the renewal is its first charge, or for the trial's own reminder", () => {
    const trial = { ...base.subscription, trialEndsAt: '2026-12-12' };
    const mail = reminderEmail({ ...base, subscription: trial });
    expect(mail.subject).toBe('Reminder: Your free trial of Netflix ends in 3 days — it then costs €9.99/month (≈ $10.86)');
    expect(mail.text).toContain(
      'Your free trial of Netflix ends on Dec 12, 2026. It then costs €9.99/month (≈ $10.86), first charged on Dec 12, 2026.',
    );
    const own = reminderEmail({
      ...base,
      event: 'trialEnd',
      kind: '1day',
      daysBefore: 1,
      subscription: { ...base.subscription, trialEndsAt: '2026-12-05' },
    });
    expect(own.subject).toBe('Reminder: Your free trial of Netflix ends tomorrow — it then costs €9.99/month (≈ $10.86)');
    expect(own.html).toContain('Final reminder: your free trial of Netflix ends tomorrow');
  });

  it('sends a user to where the rules that sent it are changed (issue 35 §2.7)', () => {
    expect(reminderEmail(base).text).toContain('Choose which reminders you get under Settings → Notification Preferences.');
    const own = reminderEmail({ ...base, rulesSource: 'account' });
    expect(own.text).toContain('Change them under Settings → Your reminders.');
    expect(own.text).not.toContain('Notification Preferences');
    const subscriptions = reminderEmail({ ...base, rulesSource: 'subscription' });
    expect(subscriptions.text).toContain("this subscription's own reminders. Change them in its details on your dashboard.");
    expect(subscriptions.html).toContain('/dashboard');
  });

  it('says by when to cancel to avoid the next renewal', () => {
    const mail = reminderEmail({
      ...base,
      event: 'cancelBy',
      daysBefore: 10,
      kind: '10day',
      subscription: { ...base.subscription, noticeDays: 10, cancelBy: '2026-12-02' },
    });
    expect(mail.subject).toBe('Reminder: Cancel Netflix by Dec 2, 2026 to avoid the next renewal');
    expect(mail.text).toContain(
      'Your Netflix subscription renews on Dec 12, 2026 for €9.99/month (≈ $10.86). Its notice period is 10 days, so cancel it by Dec 2, 2026 if you no longer want it.',
    );
  });

  it('reads a message planned before issue 24 as a renewal in dollars', () => {
    const old = {
      date: '2026-12-02',
      kind: '10day',
      subscription: {
        id: 's1',
        name: 'Old',
        amount: 5,
        billingCycle: 'monthly',
        dueDate: '2026-12-12',
        category: 'other',
        autoRenew: false,
      },
      recipient: { userId: 'u1', email: 'u@example.com', displayName: 'U', currency: 'EUR' },
    };
    expect(parseReminderMessage(JSON.stringify(old))).toMatchObject({
      event: 'renewal',
      subscription: { currency: 'USD', cycleInterval: 1, trialEndsAt: null, cancelBy: null },
    });
    expect(parseReminderMessage(JSON.stringify({ ...old, event: 'cancelBy' }))).toBeNull();
  });

  it("reads its kind as SPEC's rule of that many days, by e-mail (issue 25 §1)", () => {
    const old = {
      date: '2026-12-02',
      kind: '3day',
      event: 'cancelBy',
      subscription: {
        id: 's1',
        name: 'Old',
        amount: 5,
        billingCycle: 'monthly',
        dueDate: '2026-12-12',
        cancelBy: '2026-12-02',
        category: 'other',
        autoRenew: false,
      },
      recipient: { userId: 'u1', email: 'u@example.com', displayName: 'U', currency: 'EUR' },
    };
    expect(parseReminderMessage(JSON.stringify(old))?.rule).toEqual({
      event: 'cancelBy',
      offset: 3,
      unit: 'days',
      channels: ['email'],
      source: 'default',
    });
    const rule = { event: 'renewal', offset: 2, unit: 'weeks', channels: ['email', 'c1'], source: 'account' };
    expect(parseReminderMessage(JSON.stringify({ ...old, kind: undefined, event: 'renewal', rule }))?.rule).toEqual(rule);
    // A rule for another event than the message's, or hours before a renewal's 0: not a message.
    expect(parseReminderMessage(JSON.stringify({ ...old, kind: undefined, rule }))).toBeNull();
    expect(parseReminderMessage(JSON.stringify({ ...old, kind: undefined, event: 'renewal', rule: { ...rule, offset: 0 } }))).toBeNull();
  });

  it('keys each reminder by subscription, event date and rule (issue 25 §1: idempotent per rule, occurrence and channel)', () => {
    expect(markerKey('s1', '2026-12-12', { event: 'renewal', offset: 3, unit: 'days' }).pk).toBe('REMINDER#s1#2026-12-12#renewal-3d');
    expect(markerKey('s1', '2026-12-02', { event: 'cancelBy', offset: 3, unit: 'days' }).pk).toBe('REMINDER#s1#2026-12-02#cancelBy-3d');
    expect(markerKey('s1', '2026-12-05', { event: 'trialEnd', offset: 12, unit: 'hours' }).pk).toBe('REMINDER#s1#2026-12-05#trialEnd-12h');
    expect(markerKey('s1', '2026-12-12', { event: 'renewal', offset: 2, unit: 'weeks' }).pk).toBe('REMINDER#s1#2026-12-12#renewal-2w');
  });

  it("states the recipient's share of a shared subscription's renewal (issue 26: members' reminders state their share)", () => {
    const shared = { ...base.subscription, id: 's1', amount: 17.99, share: { amount: 5.99, payerName: 'Ana', memberCount: 3 } };
    const member = reminderEmail({ ...base, currency: 'EUR', displayName: 'Ben', subscription: shared });
    expect(member.subject).toBe('Reminder: Netflix renews in 3 days (your share €5.99)');
    expect(member.text).toContain(
      'Netflix, which Ana pays and shares with 3 people, is due on Dec 12, 2026. Your share is €5.99 of €17.99/month',
    );
    expect(member.text).toContain('Your share: €5.99');
    expect(member.text).toContain('Paid by: Ana');
    const payer = reminderEmail({ ...base, subscription: { ...shared, share: { amount: 6.01, payerName: null, memberCount: 3 } } });
    expect(payer.subject).toBe('Reminder: Netflix renews in 3 days (your share €6.01 ≈ $6.53)');
    expect(payer.text).toContain('Your Netflix subscription, shared by 3 people, is due on Dec 12, 2026.');
    expect(payer.text).not.toContain('Paid by');
    // A member's copy has its own marker beside the payer's, and the message keeps the share.
    const old = {
      date: '2026-12-09',
      event: 'renewal',
      subscription: shared,
      recipient: { userId: 'u2', email: 'ben@example.com', displayName: 'Ben', currency: 'EUR' },
    };
    const rule = { event: 'renewal', offset: 3, unit: 'days', channels: ['email'], source: 'default' };
    expect(parseReminderMessage(JSON.stringify({ ...old, rule }))?.subscription.share).toEqual(shared.share);
    expect(parseReminderMessage(JSON.stringify({ ...old, rule, subscription: { ...shared, share: { amount: '5.99' } } }))).toBeNull();
    expect(memberMarkerKey(markerKey('s1', '2026-12-12', rule as never), 'u2')).toEqual({
      pk: 'REMINDER#s1#2026-12-12#renewal-3d',
      sk: 'MEMBER#u2',
    });
  });

  it("says a rule's lead time in words: hours, weeks, today", () => {
    expect(reminderEmail({ ...base, kind: undefined, leadTime: { offset: 2, unit: 'weeks' } }).subject).toBe(
      'Reminder: Netflix renews in 2 weeks (€9.99 ≈ $10.86)',
    );
    expect(reminderEmail({ ...base, kind: undefined, leadTime: { offset: 0, unit: 'days' } }).subject).toBe(
      'Reminder: Netflix renews today (€9.99 ≈ $10.86)',
    );
    const trial = reminderEmail({
      ...base,
      event: 'trialEnd',
      kind: undefined,
      leadTime: { offset: 12, unit: 'hours' },
      subscription: { ...base.subscription, trialEndsAt: '2026-12-05' },
    });
    expect(trial.subject).toBe('Reminder: Your free trial of Netflix ends in 12 hours — it then costs €9.99/month (≈ $10.86)');
    const end = reminderEmail({
      ...base,
      event: 'end',
      kind: undefined,
      leadTime: { offset: 1, unit: 'weeks' },
      subscription: { ...base.subscription, endsAt: '2027-01-31' },
    });
    expect(end.subject).toBe('Reminder: Netflix ends in 1 week (Jan 31, 2027)');
    expect(end.text).toContain('Your Netflix subscription ends on Jan 31, 2027.');
  });
});
