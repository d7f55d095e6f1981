import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountExport } from '../../shared/api/account.js';
import type { AccountPaymentList, Payment, PaymentList } from '../../shared/api/payments.js';
import { paymentMessages } from '../../shared/api/payments.js';
import type { Subscription } from '../../shared/api/subscription.js';
import { subscriptionMessages } from '../../shared/api/subscriptions.js';
import { shiftRenewal } from '../../shared/domain/billing.js';
import { convert, FIXED_RATES, roundMoney } from '../../shared/domain/currency.js';
import { addDays } from '../../shared/domain/dates.js';
import { lifetimeSpend as insightsLifetime } from '../../shared/domain/insights.js';
import { paymentsBySubscription } from '../../shared/domain/payments.js';
import { call, getItem, PASSWORD, type SignedInUser, signedInUser, stackClock } from './helpers.js';

/** Payments of a subscription (issue 24 §4): GET/POST /api/subscriptions/{id}/payments, through the local stack. */
let alice: SignedInUser;
let bob: SignedInUser;

beforeAll(async () => {
  [alice, bob] = await Promise.all([signedInUser(), signedInUser()]);
});

const gym = { name: 'Gym', amount: 30, currency: 'EUR', category: 'fitness', dueDate: '2030-01-31', billingCycle: 'monthly' };

async function create(user: SignedInUser, changes: Record<string, unknown> = {}): Promise<Subscription> {
  const answer = await call<Subscription>('POST', '/api/subscriptions', { token: user.token, body: { ...gym, ...changes } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

const mark = (user: SignedInUser, id: string, body: Record<string, unknown>) =>
  call<Payment & { message?: string }>('POST', `/api/subscriptions/${id}/payments`, { token: user.token, body });

async function paymentsOf(user: SignedInUser, id: string): Promise<PaymentList> {
  const answer = await call<PaymentList>('GET', `/api/subscriptions/${id}/payments`, { token: user.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

describe('recording renewals', () => {
  it('starts with no payments and nothing spent, in the subscription’s and the display currency', async () => {
    const sub = await create(alice);
    expect(await paymentsOf(alice, sub.id)).toEqual({
      payments: [],
      lifetimeSpend: { amount: 0, currency: 'EUR' },
      lifetimeSpendInDisplayCurrency: { amount: 0, currency: 'USD' },
      ratesDate: null,
    });
  });

  it('marks a renewal paid at the price in force and skipped, newest first', async () => {
    const sub = await create(alice);
    const paid = await mark(alice, sub.id, { dueDate: '2030-01-31', status: 'paid' });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ dueDate: '2030-01-31', status: 'paid', amount: 30, currency: 'EUR' });
    expect(Date.parse(paid.body.recordedAt)).not.toBeNaN();
    const skipped = await mark(alice, sub.id, { dueDate: '2029-12-31', status: 'skipped' });
    expect(skipped.body).toMatchObject({ dueDate: '2029-12-31', status: 'skipped', amount: 30, currency: 'EUR' });
    const list = await paymentsOf(alice, sub.id);
    expect(list.payments.map((p) => [p.dueDate, p.status])).toEqual([
      ['2030-01-31', 'paid'],
      ['2029-12-31', 'skipped'],
    ]);
    expect(list.lifetimeSpend).toEqual({ amount: 30, currency: 'EUR' });
  });

  it('changes nothing when the same renewal is marked the same way twice', async () => {
    const sub = await create(alice);
    const first = await mark(alice, sub.id, { dueDate: '2029-12-31', status: 'paid' });
    const again = await mark(alice, sub.id, { dueDate: '2029-12-31', status: 'paid' });
    expect(again).toMatchObject({ status: 200, body: first.body });
    const list = await paymentsOf(alice, sub.id);
    expect(list.payments).toEqual([first.body]);
    expect(list.lifetimeSpend.amount).toBe(30);
  });

  it('replaces the record when the same renewal is marked differently, keeping one record per renewal', async () => {
    const sub = await create(alice);
    await mark(alice, sub.id, { dueDate: '2030-01-31', status: 'paid' });
    const changed = await mark(alice, sub.id, { dueDate: '2030-01-31', status: 'skipped' });
    expect(changed).toMatchObject({ status: 200, body: { status: 'skipped' } });
    const list = await paymentsOf(alice, sub.id);
    expect(list.payments).toEqual([changed.body]);
    expect(list.lifetimeSpend.amount).toBe(0);
  });

  it('keeps the amount actually charged for a variable bill, in the currency given', async () => {
    const sub = await create(alice, { name: 'Electricity', amount: 80 });
    const variable = await mark(alice, sub.id, { dueDate: '2030-01-31', status: 'paid', amount: '92.45' });
    expect(variable.body).toMatchObject({ amount: 92.45, currency: 'EUR' });
    const inDollars = await mark(alice, sub.id, { dueDate: '2029-12-31', status: 'paid', amount: 100, currency: 'usd' });
    expect(inDollars.body).toMatchObject({ amount: 100, currency: 'USD' });
    const list = await paymentsOf(alice, sub.id);
    expect(list.lifetimeSpend).toEqual({ amount: roundMoney(92.45 + convert(100, 'USD', 'EUR', FIXED_RATES)), currency: 'EUR' });
    expect(list.lifetimeSpendInDisplayCurrency).toEqual({
      amount: roundMoney(convert(92.45, 'EUR', 'USD', FIXED_RATES) + 100),
      currency: 'USD',
    });
  });

  it('totals in the display currency the user chose', async () => {
    const carol = await signedInUser();
    expect((await call('PUT', '/api/auth/settings', { token: carol.token, body: { currencyPreference: 'GBP' } })).status).toBe(200);
    const sub = await create(carol, { currency: 'USD', amount: 10 });
    await mark(carol, sub.id, { dueDate: '2030-01-31', status: 'paid' });
    await mark(carol, sub.id, { dueDate: '2029-12-31', status: 'paid' });
    const list = await paymentsOf(carol, sub.id);
    expect(list.lifetimeSpend).toEqual({ amount: 20, currency: 'USD' });
    expect(list.lifetimeSpendInDisplayCurrency).toEqual({ amount: roundMoney(convert(20, 'USD', 'GBP', FIXED_RATES)), currency: 'GBP' });
  });

  it('records a renewal in a free trial at 0 and one after a price change at the new price', async () => {
    const sub = await create(alice, { amount: 10, dueDate: '2030-03-15', trialEndsAt: '2030-03-01' });
    const raised = await call<Subscription>('PUT', `/api/subscriptions/${sub.id}`, {
      token: alice.token,
      body: { ...gym, amount: 12, dueDate: '2030-03-15', trialEndsAt: '2030-03-01', effectiveFrom: '2030-04-01' },
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    expect((await mark(alice, sub.id, { dueDate: '2030-02-15', status: 'paid' })).body).toMatchObject({ amount: 0 });
    expect((await mark(alice, sub.id, { dueDate: '2030-03-15', status: 'paid' })).body).toMatchObject({ amount: 10 });
    // The renewal after the due date is recordable once Renew has made it the next one (issue 34 §10).
    expect((await call('PUT', `/api/subscriptions/${sub.id}/renew`, { token: alice.token })).status).toBe(200);
    expect((await mark(alice, sub.id, { dueDate: '2030-04-15', status: 'paid' })).body).toMatchObject({ amount: 12 });
  });
});

describe('refusals', () => {
  it.each([
    [{ dueDate: '2030-02-15', status: 'paid' }, paymentMessages.notARenewal],
    [{ dueDate: '2030-02-30', status: 'paid' }, paymentMessages.dueDateInvalid],
    [{ status: 'paid' }, paymentMessages.dueDateRequired],
    [{ dueDate: '2030-01-31', status: 'maybe' }, paymentMessages.statusInvalid],
    [{ dueDate: '2030-01-31', status: 'paid', amount: -3 }, subscriptionMessages.amountNegative],
    [{ dueDate: '2030-01-31', status: 'paid', amount: 5, currency: 'XYZ' }, subscriptionMessages.currencyInvalid],
    [{ dueDate: '2030-01-31', status: 'paid', currency: 'USD' }, paymentMessages.currencyWithoutAmount],
  ])('answers 400 to %j', async (body, message) => {
    const sub = await create(alice);
    expect(await mark(alice, sub.id, body)).toMatchObject({ status: 400, body: { message } });
    expect((await paymentsOf(alice, sub.id)).payments).toEqual([]);
  });

  it('refuses a date after the subscription ends, and one from its due date on once it is canceled', async () => {
    const ending = await create(alice, { endsAt: '2030-03-10' });
    expect(await mark(alice, ending.id, { dueDate: '2030-04-30', status: 'paid' })).toMatchObject({
      status: 400,
      body: { message: paymentMessages.notARenewal },
    });
    const canceled = await create(alice);
    expect((await call('PUT', `/api/subscriptions/${canceled.id}/cancel`, { token: alice.token })).status).toBe(200);
    expect((await mark(alice, canceled.id, { dueDate: '2030-02-28', status: 'paid' })).status).toBe(400);
    expect((await mark(alice, canceled.id, { dueDate: '2029-12-31', status: 'paid' })).status).toBe(200);
  });

  it('refuses renewals after the next one and before the subscription began (issue 34 §10)', async () => {
    const weekly = await create(alice, { billingCycle: 'weekly', dueDate: '2030-01-31' });
    // The next renewal but one, 300 weeks on, and 960 years on.
    for (const dueDate of [1, 300, 50_000].map((k) => shiftRenewal('2030-01-31', 'weekly', 1, 31, k))) {
      expect(await mark(alice, weekly.id, { dueDate, status: 'paid', amount: 1_000_000 }), dueDate).toMatchObject({
        status: 400,
        body: { message: paymentMessages.outsideCycles },
      });
    }
    // Before it was created (its first price starts on its creation day).
    expect(await mark(alice, weekly.id, { dueDate: '2019-01-03', status: 'paid' })).toMatchObject({
      status: 400,
      body: { message: paymentMessages.outsideCycles },
    });
    expect((await paymentsOf(alice, weekly.id)).payments).toEqual([]);
    // Its next renewal and the ones since its start are recorded.
    expect((await mark(alice, weekly.id, { dueDate: '2030-01-31', status: 'paid' })).status).toBe(200);
    expect((await mark(alice, weekly.id, { dueDate: '2030-01-24', status: 'paid' })).status).toBe(200);
  });

  it("answers 404 for another user's subscription, an unknown one and a malformed id", async () => {
    const mine = await create(alice);
    await mark(alice, mine.id, { dueDate: '2030-01-31', status: 'paid' });
    const notFound = { status: 404, body: { message: subscriptionMessages.notFound } };
    for (const id of [mine.id, crypto.randomUUID(), 'not-an-id']) {
      expect(await call('GET', `/api/subscriptions/${id}/payments`, { token: bob.token })).toMatchObject(notFound);
      expect(await mark(bob, id, { dueDate: '2030-01-31', status: 'skipped' })).toMatchObject(notFound);
    }
    expect((await paymentsOf(alice, mine.id)).payments).toMatchObject([{ status: 'paid' }]);
  });

  it('asks for a session', async () => {
    const sub = await create(alice);
    expect((await call('GET', `/api/subscriptions/${sub.id}/payments`)).status).toBe(401);
  });
});

describe('Renew', () => {
  it('records the renewal it moves past as paid, at the price in force then', async () => {
    const sub = await create(alice, { amount: 10, dueDate: '2030-01-31' });
    await call('PUT', `/api/subscriptions/${sub.id}`, {
      token: alice.token,
      body: { ...gym, amount: 11, dueDate: '2030-01-31', effectiveFrom: '2030-02-15' },
    });
    for (let i = 0; i < 2; i++) expect((await call('PUT', `/api/subscriptions/${sub.id}/renew`, { token: alice.token })).status).toBe(200);
    const list = await paymentsOf(alice, sub.id);
    expect(list.payments.map(({ dueDate, status, amount, currency }) => ({ dueDate, status, amount, currency }))).toEqual([
      { dueDate: '2030-02-28', status: 'paid', amount: 11, currency: 'EUR' },
      { dueDate: '2030-01-31', status: 'paid', amount: 10, currency: 'EUR' },
    ]);
    expect(list.lifetimeSpend).toEqual({ amount: 21, currency: 'EUR' });
  });

  it('keeps what the user already marked for that renewal', async () => {
    const sub = await create(alice, { name: 'Phone bill' });
    const skipped = await mark(alice, sub.id, { dueDate: '2030-01-31', status: 'skipped', amount: 41.2 });
    expect((await call('PUT', `/api/subscriptions/${sub.id}/renew`, { token: alice.token })).status).toBe(200);
    expect((await paymentsOf(alice, sub.id)).payments).toEqual([skipped.body]);
  });
});

/** Today on the stack's clock (which other files may have moved forward), in UTC as the functions read it. */
const stackToday = async () => new Date(await stackClock()).toISOString().slice(0, 10);

async function dueDateOf(user: SignedInUser, id: string): Promise<string | undefined> {
  const list = await call<Subscription[]>('GET', '/api/subscriptions', { token: user.token });
  return list.body.find((s) => s.id === id)?.dueDate;
}

describe('a renewal marked paid is a renewal that happened (issue 35 §8)', () => {
  it('moves a past-due subscription on as Renew would; marking it again, or changing it to skipped, moves nothing more', async () => {
    const today = await stackToday();
    const due = addDays(today, -3);
    const sub = await create(alice, { name: 'Weekly box', billingCycle: 'weekly', amount: 5, dueDate: due });
    expect(sub.dueDate < today).toBe(true);

    const paid = await mark(alice, sub.id, { dueDate: due, status: 'paid' });
    expect(paid.status).toBe(200);
    expect(await dueDateOf(alice, sub.id)).toBe(addDays(due, 7));
    expect(addDays(due, 7) > today).toBe(true);
    // The activity log says it as it says a Renew.
    const renewedEntries = async () => {
      const exported = await call<AccountExport>('GET', '/api/auth/export', { token: alice.token });
      return exported.body.activity.filter((a) => a.actionType === 'subscription_renewed' && a.details.subscriptionId === sub.id);
    };
    expect((await renewedEntries()).map((a) => a.details)).toEqual([
      { subscriptionId: sub.id, name: 'Weekly box', dueDate: addDays(due, 7) },
    ]);

    expect(await mark(alice, sub.id, { dueDate: due, status: 'paid' })).toMatchObject({ status: 200, body: paid.body });
    expect(await dueDateOf(alice, sub.id)).toBe(addDays(due, 7));
    expect((await mark(alice, sub.id, { dueDate: due, status: 'skipped' })).status).toBe(200);
    expect(await dueDateOf(alice, sub.id)).toBe(addDays(due, 7));
    expect(await renewedEntries()).toHaveLength(1);

    // Renew goes on from there, and records the renewal it moves past.
    expect((await call('PUT', `/api/subscriptions/${sub.id}/renew`, { token: alice.token })).status).toBe(200);
    expect(await dueDateOf(alice, sub.id)).toBe(addDays(due, 14));
    expect((await paymentsOf(alice, sub.id)).payments.map((p) => [p.dueDate, p.status])).toEqual([
      [addDays(due, 7), 'paid'],
      [due, 'skipped'],
    ]);
  });

  it('a skip, a renewal the due date already passed, and a canceled subscription keep the due date', async () => {
    const today = await stackToday();
    const due = addDays(today, -3);
    const sub = await create(alice, { name: 'Skipped box', billingCycle: 'weekly', amount: 5, dueDate: due });
    expect((await mark(alice, sub.id, { dueDate: due, status: 'skipped' })).status).toBe(200);
    expect(await dueDateOf(alice, sub.id)).toBe(due);

    const canceled = await create(alice, { name: 'Canceled box', billingCycle: 'weekly', amount: 5, dueDate: due });
    expect((await call('PUT', `/api/subscriptions/${canceled.id}/cancel`, { token: alice.token })).status).toBe(200);
    // A canceled subscription has no renewal from its due date on to mark; one before it is outside its cycles.
    expect((await mark(alice, canceled.id, { dueDate: due, status: 'paid' })).status).toBe(400);
    expect(await dueDateOf(alice, canceled.id)).toBe(due);
  });
});

describe('one lifetime spend for the details dialog and /insights (issue 35 §2)', () => {
  it('€10.99 paid, one renewal skipped, €11.49 paid: the payments route and /insights from GET /api/payments both say $24.43', async () => {
    const frank = await signedInUser();
    const today = await stackToday();
    const first = addDays(today, -20);
    const spotify = await create(frank, { name: 'Spotify', billingCycle: 'weekly', amount: 10.99, currency: 'EUR', dueDate: first });
    const other = await create(frank, { name: 'Gym' });
    await mark(frank, other.id, { dueDate: '2030-01-31', status: 'paid' });
    expect((await mark(frank, spotify.id, { dueDate: first, status: 'paid' })).status).toBe(200);
    expect((await mark(frank, spotify.id, { dueDate: addDays(first, 7), status: 'skipped' })).status).toBe(200);
    expect((await mark(frank, spotify.id, { dueDate: addDays(first, 14), status: 'paid', amount: 11.49 })).status).toBe(200);

    const list = await paymentsOf(frank, spotify.id);
    expect(list.lifetimeSpend).toEqual({ amount: 22.48, currency: 'EUR' });
    expect(list.lifetimeSpendInDisplayCurrency).toEqual({ amount: 24.43, currency: 'USD' });

    const all = await call<AccountPaymentList>('GET', '/api/payments', { token: frank.token });
    expect(all.status).toBe(200);
    expect(all.body.payments.map((p) => [p.subscriptionId, p.dueDate, p.status].join(' '))).toEqual(
      expect.arrayContaining([
        `${spotify.id} ${first} paid`,
        `${spotify.id} ${addDays(first, 7)} skipped`,
        `${spotify.id} ${addDays(first, 14)} paid`,
        `${other.id} 2030-01-31 paid`,
      ]),
    );
    expect(all.body.payments).toHaveLength(4);
    const subs = (await call<Subscription[]>('GET', '/api/subscriptions', { token: frank.token })).body;
    const rows = insightsLifetime(subs, today, { currency: 'USD', rates: FIXED_RATES }, paymentsBySubscription(all.body.payments));
    expect(rows.find((row) => row.subscriptionId === spotify.id)?.total).toBe(24.43);

    // Only the caller's own payments.
    expect((await call<AccountPaymentList>('GET', '/api/payments', { token: bob.token })).body.payments).toEqual([]);
    expect((await call('GET', '/api/payments')).status).toBe(401);
  });
});

describe('payments go with their subscription', () => {
  it('go into the trash with it, come back with it, and go when it is deleted for good', async () => {
    const sub = await create(alice);
    await mark(alice, sub.id, { dueDate: '2030-01-31', status: 'paid' });
    const key = [`USER#${alice.id}`, `PAY#${sub.id}#2030-01-31`] as const;
    const trashed = await call<Subscription>('DELETE', `/api/subscriptions/${sub.id}`, { token: alice.token });
    expect(trashed.status).toBe(200);
    const subItem = await getItem(`USER#${alice.id}`, `SUB#${sub.id}`);
    expect((await getItem(...key))?.expiresAt).toBe(subItem?.expiresAt);
    expect(await mark(alice, sub.id, { dueDate: '2030-02-28', status: 'paid' })).toMatchObject({
      status: 409,
      body: { message: paymentMessages.subscriptionDeleted },
    });
    expect((await paymentsOf(alice, sub.id)).payments).toHaveLength(1);

    expect((await call('PUT', `/api/subscriptions/${sub.id}/recover`, { token: alice.token })).status).toBe(200);
    expect(await getItem(...key)).not.toHaveProperty('expiresAt');

    await call('DELETE', `/api/subscriptions/${sub.id}`, { token: alice.token });
    expect((await call('DELETE', `/api/subscriptions/${sub.id}/permanent`, { token: alice.token })).status).toBe(200);
    expect(await getItem(...key)).toBeUndefined();
  });

  it('are not subscriptions: the list and the subscription count leave them out', async () => {
    const dave = await signedInUser();
    const sub = await create(dave);
    await mark(dave, sub.id, { dueDate: '2030-01-31', status: 'paid' });
    await mark(dave, sub.id, { dueDate: '2029-12-31', status: 'paid' });
    const list = await call<Subscription[]>('GET', '/api/subscriptions', { token: dave.token });
    expect(list.body.map((s) => s.id)).toEqual([sub.id]);
    expect((await getItem(`USER#${dave.id}`, 'PROFILE'))?.subscriptionCount).toBe(1);
  });

  it('go with the account', async () => {
    const erin = await signedInUser();
    const sub = await create(erin);
    await mark(erin, sub.id, { dueDate: '2030-01-31', status: 'paid' });
    expect((await call('DELETE', '/api/auth/account', { token: erin.token, body: { password: PASSWORD } })).status).toBe(200);
    expect(await getItem(`USER#${erin.id}`, `PAY#${sub.id}#2030-01-31`)).toBeUndefined();
  });
});
