import { beforeAll, describe, expect, it } from 'vitest';
import { type Budgets, budgetMessages as messages } from '../../shared/api/budgets.js';
import { monthLabel, shiftMonth } from '../../shared/domain/insights.js';
import { call, mailsTo, type SignedInUser, signedInUser, stackClock } from './helpers.js';

/** Premium's budgets (issue 24 §5): GET/PUT /api/budgets through the local stack, and their one e-mail a month. */
let premium: SignedInUser;

beforeAll(async () => {
  premium = await signedInUser('premium');
});

const budgets = (user: SignedInUser) => call<Budgets & { message?: string }>('GET', '/api/budgets', { token: user.token });
const save = (user: SignedInUser, body: unknown) =>
  call<Budgets & { message?: string }>('PUT', '/api/budgets', { token: user.token, body });

/** The stack's today (UTC, the new users' time zone). */
async function stackToday(): Promise<string> {
  return new Date(await stackClock()).toISOString().slice(0, 10);
}

describe('who has budgets', () => {
  it.each([['member'], ['vip']])('refuses a %s with 403 and the way to Premium', async (role) => {
    const user = await signedInUser(role === 'member' ? undefined : role);
    for (const answer of [await budgets(user), await save(user, { monthly: 100, currency: 'USD', categories: [] })]) {
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe(messages.premiumOnly);
    }
  });

  it('needs a session', async () => {
    expect((await call('GET', '/api/budgets')).status).toBe(401);
  });
});

describe('saving and reading', () => {
  it('answers no budget before the first save, in the display currency', async () => {
    const user = await signedInUser('premium');
    const answer = await budgets(user);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ monthly: null, currency: 'USD', categories: [] });
  });

  it('saves an overall and per-category budget and reads it back', async () => {
    const body = {
      monthly: 120.5,
      currency: 'EUR',
      categories: [
        { category: 'streaming', monthly: 40 },
        { category: ' My Gym ', monthly: 30 },
      ],
    };
    const saved = await save(premium, body);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const expected = { ...body, categories: [body.categories[0], { category: 'My Gym', monthly: 30 }] };
    expect(saved.body).toEqual(expected);
    expect((await budgets(premium)).body).toEqual(expected);
    // No overall budget: null.
    const noOverall = await save(premium, { monthly: null, currency: 'EUR', categories: [] });
    expect(noOverall.body).toEqual({ monthly: null, currency: 'EUR', categories: [] });
  });

  it.each([
    [{ monthly: 0, currency: 'USD', categories: [] }, messages.monthlyInvalid],
    [{ monthly: -5, currency: 'USD', categories: [] }, messages.monthlyInvalid],
    [{ monthly: '50', currency: 'USD', categories: [] }, messages.monthlyInvalid],
    [{ monthly: 1_000_000.01, currency: 'USD', categories: [] }, messages.monthlyTooLarge],
    [{ monthly: 10.005, currency: 'USD', categories: [] }, messages.monthlyDecimals],
    // Issue 34 §8: amounts below a cent underflowed DynamoDB's numbers (a 500).
    [{ monthly: 5e-324, currency: 'USD', categories: [] }, messages.monthlyTooSmall],
    [{ monthly: 1e-200, currency: 'USD', categories: [] }, messages.monthlyTooSmall],
    [{ monthly: 0.001, currency: 'USD', categories: [] }, messages.monthlyTooSmall],
    [{ monthly: 10, currency: 'USD', categories: [{ category: 'streaming', monthly: 1e-200 }] }, messages.monthlyTooSmall],
    [{ monthly: 10, currency: 'XYZ', categories: [] }, messages.currencyInvalid],
    [{ monthly: 10, currency: 'usd', categories: [] }, messages.currencyInvalid],
    [{ monthly: 10, currency: 'USD', categories: 'streaming' }, messages.categoriesInvalid],
    [{ monthly: 10, currency: 'USD', categories: [{ category: '  ', monthly: 5 }] }, messages.categoryRequired],
    [{ monthly: 10, currency: 'USD', categories: [{ category: 'x'.repeat(51), monthly: 5 }] }, messages.categoryTooLong],
    [{ monthly: 10, currency: 'USD', categories: [{ category: 'streaming', monthly: 0 }] }, messages.monthlyInvalid],
    [
      {
        monthly: 10,
        currency: 'USD',
        categories: [
          { category: 'Streaming', monthly: 5 },
          { category: 'streaming', monthly: 6 },
        ],
      },
      messages.categoryRepeated,
    ],
    [
      { monthly: 10, currency: 'USD', categories: Array.from({ length: 51 }, (_, i) => ({ category: `cat ${i}`, monthly: 1 })) },
      messages.tooManyCategories,
    ],
  ])('refuses %j with 400: %s', async (body, message) => {
    const answer = await save(premium, body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
  });
});

describe('the one e-mail of a passed budget (issue 24 §5)', () => {
  it('mails once per budget and month when the projected spend passes it, on save and on read', async () => {
    const user = await signedInUser('premium');
    const today = await stackToday();
    const created = await call('POST', '/api/subscriptions', {
      token: user.token,
      body: { name: 'Netflix', amount: 20, category: 'streaming', dueDate: today, billingCycle: 'monthly' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const month = monthLabel(today.slice(0, 7), 'long');

    // Within budget: no e-mail.
    expect((await save(user, { monthly: 25, currency: 'USD', categories: [] })).status).toBe(200);
    expect(await mailsTo(user.email)).toHaveLength(1); // the verification link only

    // Passed: one e-mail, however often it is saved or read again this month.
    expect((await save(user, { monthly: 15, currency: 'USD', categories: [] })).status).toBe(200);
    await save(user, { monthly: 12, currency: 'USD', categories: [] });
    await budgets(user);
    const budgetMails = async () => (await mailsTo(user.email)).filter((mail) => mail.subject.includes('budget'));
    expect((await budgetMails()).map((mail) => mail.subject)).toEqual([`Your monthly budget for ${month} is passed`]);
    const [mail] = await budgetMails();
    expect(mail?.body.text).toContain('$20.00');
    expect(mail?.body.text).toContain('$15.00');
    expect(mail?.body.text).toContain('/insights');

    // A category budget is a budget of its own: its own one e-mail.
    await save(user, { monthly: 12, currency: 'USD', categories: [{ category: 'Streaming', monthly: 10 }] });
    await budgets(user);
    expect((await budgetMails()).map((mail) => mail.subject)).toEqual([
      `Your monthly budget for ${month} is passed`,
      `Your Streaming budget for ${month} is passed`,
    ]);
  });
});

describe('the warning ahead (issue 35 §2.3)', () => {
  it('mails of the next month a renewal passes, once, though this month is within the budget', async () => {
    const user = await signedInUser('premium');
    const next = shiftMonth((await stackToday()).slice(0, 7), 1);
    const created = await call('POST', '/api/subscriptions', {
      token: user.token,
      body: { name: 'Domains', amount: 50, category: 'other', dueDate: `${next}-15`, billingCycle: 'yearly' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await save(user, { monthly: 20, currency: 'USD', categories: [] })).status).toBe(200);
    await budgets(user);
    const mails = (await mailsTo(user.email)).filter((mail) => mail.subject.includes('budget'));
    expect(mails.map((mail) => mail.subject)).toEqual([`Your monthly budget for ${monthLabel(next, 'long')} is passed`]);
    expect(mails[0]?.body.text).toContain(`This is the only e-mail about this budget for ${monthLabel(next, 'long')}.`);
    expect(mails[0]?.body.text).toContain('$50.00');
  });
});

describe('what was paid (issue 35 §1: one truth for money)', () => {
  /** A Premium user with a $50 yearly renewal next month, that renewal recorded as `payment`, and a $20 budget. */
  async function recordedAhead(payment: { status: 'paid' | 'skipped'; amount?: number }) {
    const user = await signedInUser('premium');
    const next = shiftMonth((await stackToday()).slice(0, 7), 1);
    const created = await call<{ id: string }>('POST', '/api/subscriptions', {
      token: user.token,
      body: { name: 'Domains', amount: 50, category: 'other', dueDate: `${next}-15`, billingCycle: 'yearly' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const recorded = await call('POST', `/api/subscriptions/${created.body.id}/payments`, {
      token: user.token,
      body: { dueDate: `${next}-15`, ...payment },
    });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    expect((await save(user, { monthly: 20, currency: 'USD', categories: [] })).status).toBe(200);
    await budgets(user);
    return { next, mails: (await mailsTo(user.email)).filter((mail) => mail.subject.includes('budget')) };
  }

  it('a renewal paid at another amount counts the amount charged in its month’s projection', async () => {
    const { next, mails } = await recordedAhead({ status: 'paid', amount: 30 });
    expect(mails.map((mail) => mail.subject)).toEqual([`Your monthly budget for ${monthLabel(next, 'long')} is passed`]);
    expect(mails[0]?.body.text).toContain('$30.00');
    expect(mails[0]?.body.text).not.toContain('$50.00');
  });

  it('a renewal marked skipped counts nothing: the month is within the budget and no e-mail is sent', async () => {
    const { mails } = await recordedAhead({ status: 'skipped' });
    expect(mails).toEqual([]);
  });
});

describe('shared subscriptions (issue 26, issue 35: the e-mail counts as the warning does)', () => {
  it("counts the user's share: the payer's half stays within the budget, the member's half passes theirs", async () => {
    const payer = await signedInUser('premium');
    const member = await signedInUser('premium');
    const next = shiftMonth((await stackToday()).slice(0, 7), 1);
    const created = await call<{ id: string }>('POST', '/api/subscriptions', {
      token: payer.token,
      body: { name: 'Family Cloud', amount: 50, category: 'cloud', dueDate: `${next}-15`, billingCycle: 'yearly' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const invited = await call('POST', `/api/subscriptions/${created.body.id}/members`, {
      token: payer.token,
      body: { usernameOrEmail: member.username, share: { mode: 'equal' } },
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const invitations = await call<{ invitations: Array<{ id: string; subscription: { id: string } }> }>('GET', '/api/invitations', {
      token: member.token,
    });
    const invitation = invitations.body.invitations.find((i) => i.subscription.id === created.body.id);
    expect((await call('POST', `/api/invitations/${invitation?.id}/accept`, { token: member.token })).status).toBe(200);

    const budgetMails = async (user: SignedInUser) => (await mailsTo(user.email)).filter((mail) => mail.subject.includes('budget'));
    // The payer's share is $25.00: within a $30 budget, so no e-mail (the whole $50 would pass it).
    expect((await save(payer, { monthly: 30, currency: 'USD', categories: [] })).status).toBe(200);
    await budgets(payer);
    expect(await budgetMails(payer)).toEqual([]);
    // The member's share, $25.00, passes a $20 budget: their e-mail names it.
    expect((await save(member, { monthly: 20, currency: 'USD', categories: [] })).status).toBe(200);
    await budgets(member);
    const mails = await budgetMails(member);
    expect(mails.map((mail) => mail.subject)).toEqual([`Your monthly budget for ${monthLabel(next, 'long')} is passed`]);
    expect(mails[0]?.body.text).toContain('$25.00');
  });
});
