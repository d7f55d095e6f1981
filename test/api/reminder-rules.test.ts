import { beforeAll, describe, expect, it } from 'vitest';
import type { Channel } from '../../shared/api/channels.js';
import { type AccountReminderRules, reminderRuleMessages as m, type SubscriptionReminderRules } from '../../shared/api/reminders.js';
import { subscriptionMessages } from '../../shared/api/subscriptions.js';
import type { ReminderRule } from '../../shared/domain/reminders/rules.js';
import { call, login, PASSWORD, type SignedInUser, signedInUser } from './helpers.js';

/**
 * Reminder rules on the local stack (issue 25 §1, §4): SPEC's reminders as rules per tier, VIP's and
 * Premium's own rules on the account and per subscription (save, reset, each refusal), members refused
 * with the upgrade message, owner scoping, and the hour and time zone in settings.
 */
const spec = (offset: number, channels: string[]): ReminderRule[] =>
  (['renewal', 'trialEnd', 'cancelBy'] as const).map((event) => ({ event, offset, unit: 'days', channels }));

async function addChannel(user: SignedInUser, name: string) {
  const answer = await call<Channel>('POST', '/api/channels', {
    token: user.token,
    body: { type: 'ntfy', name, config: { topic: `topic-${name.toLowerCase()}` } },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

async function subscribe(user: SignedInUser) {
  const answer = await call('POST', '/api/subscriptions', {
    token: user.token,
    body: { name: 'Netflix', amount: 15.49, category: 'streaming', dueDate: '2036-03-01' },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id as string;
}

const accountRules = (user: SignedInUser) => call<AccountReminderRules>('GET', '/api/reminders/rules', { token: user.token });
const saveAccountRules = (user: SignedInUser, rules: unknown) =>
  call<AccountReminderRules>('PUT', '/api/reminders/rules', { token: user.token, body: { rules } });
const subscriptionRules = (user: SignedInUser, id: string) =>
  call<SubscriptionReminderRules>('GET', `/api/subscriptions/${id}/reminders`, { token: user.token });
const saveSubscriptionRules = (user: SignedInUser, id: string, rules: unknown) =>
  call<SubscriptionReminderRules>('PUT', `/api/subscriptions/${id}/reminders`, { token: user.token, body: { rules } });

let member: SignedInUser;
let vip: SignedInUser;
let premium: SignedInUser;

beforeAll(async () => {
  [member, vip, premium] = await Promise.all([signedInUser(), signedInUser('vip'), signedInUser('premium')]);
});

describe('the account reminder rules', () => {
  it("are SPEC's reminders as rules by default: 10 and 3 days for members, and 1 day and every enabled channel for VIP", async () => {
    const ofMember = await accountRules(member);
    expect(ofMember.status).toBe(200);
    expect(ofMember.body).toEqual({
      rules: [...spec(10, ['email']), ...spec(3, ['email'])],
      source: 'default',
      editable: false,
      hour: 8,
      timeZone: 'UTC',
    });

    expect((await call('PUT', '/api/auth/settings', { token: vip.token, body: { notify1Day: true } })).status).toBe(200);
    const phone = await addChannel(vip, 'Phone');
    const off = await addChannel(vip, 'Desk');
    expect((await call('PUT', `/api/channels/${off.id}`, { token: vip.token, body: { enabled: false } })).status).toBe(200);
    const ofVip = await accountRules(vip);
    expect(ofVip.body.source).toBe('default');
    expect(ofVip.body.editable).toBe(true);
    expect(ofVip.body.rules).toEqual([...spec(10, ['email', phone.id]), ...spec(3, ['email', phone.id]), ...spec(1, ['email', phone.id])]);
  });

  it('follow the notification settings: a reminder turned off is not among them', async () => {
    const user = await signedInUser();
    expect((await call('PUT', '/api/auth/settings', { token: user.token, body: { notify10Days: false } })).status).toBe(200);
    expect((await accountRules(user)).body.rules).toEqual(spec(3, ['email']));
  });

  it("are saved by VIP and Premium, answered as saved, and reset to SPEC's with null", async () => {
    const phone = await addChannel(premium, 'Phone');
    const rules: ReminderRule[] = [
      { event: 'renewal', offset: 2, unit: 'weeks', channels: ['email'] },
      { event: 'trialEnd', offset: 12, unit: 'hours', channels: [phone.id] },
      { event: 'end', offset: 0, unit: 'days', channels: ['email', phone.id, phone.id] },
    ];
    const saved = await saveAccountRules(premium, rules);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const expected = rules.map((rule) => ({ ...rule, channels: [...new Set(rule.channels)] }));
    expect(saved.body).toMatchObject({ rules: expected, source: 'account', editable: true });
    expect((await accountRules(premium)).body).toMatchObject({ rules: expected, source: 'account' });

    const reset = await saveAccountRules(premium, null);
    expect(reset.status).toBe(200);
    expect(reset.body.source).toBe('default');
    expect(reset.body.rules).toEqual([...spec(10, ['email', phone.id]), ...spec(3, ['email', phone.id])]);
  });

  it('refuse a member with the upgrade message, and change nothing', async () => {
    const answer = await saveAccountRules(member, [{ event: 'renewal', offset: 5, unit: 'days', channels: ['email'] }]);
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ message: m.paidOnly });
    expect((await accountRules(member)).body.source).toBe('default');
  });

  const rule = { event: 'renewal', offset: 3, unit: 'days', channels: ['email'] };
  it.each([
    ['not a list', 'soon', m.rulesInvalid],
    ['six rules', [1, 2, 3, 4, 5, 6].map((offset) => ({ ...rule, offset })), m.tooMany],
    ['an unknown event', [{ ...rule, event: 'birthday' }], m.eventInvalid],
    ['an unknown unit', [{ ...rule, unit: 'months' }], m.unitInvalid],
    ['a fractional offset', [{ ...rule, offset: 1.5 }], m.offsetInvalid],
    ['an offset that is text', [{ ...rule, offset: '3' }], m.offsetInvalid],
    ['73 hours', [{ ...rule, event: 'trialEnd', unit: 'hours', offset: 73 }], m.hoursOffsetRange],
    ['0 hours', [{ ...rule, event: 'trialEnd', unit: 'hours', offset: 0 }], m.hoursOffsetRange],
    ['366 days', [{ ...rule, offset: 366 }], m.daysOffsetRange],
    ['-1 days', [{ ...rule, offset: -1 }], m.daysOffsetRange],
    ['53 weeks', [{ ...rule, unit: 'weeks', offset: 53 }], m.weeksOffsetRange],
    ['0 weeks', [{ ...rule, unit: 'weeks', offset: 0 }], m.weeksOffsetRange],
    ['hours before a renewal', [{ ...rule, unit: 'hours', offset: 12 }], m.hoursForTrialsOnly],
    ['no channel', [{ ...rule, channels: [] }], m.channelsRequired],
    ['a channel that is not text', [{ ...rule, channels: [7] }], m.channelsInvalid],
    ['an empty channel id', [{ ...rule, channels: [''] }], m.channelsInvalid],
    ['the same timing twice', [rule, { ...rule, channels: ['email'] }], m.repeated],
    ['a channel that does not exist', [{ ...rule, channels: ['email', 'f4c1c0de-0000-4000-8000-000000000000'] }], m.channelUnknown],
  ])('refuse %s with 400 and its message', async (_what, rules, message) => {
    const answer = await saveAccountRules(vip, rules);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body).toEqual({ message });
    expect((await accountRules(vip)).body.source).toBe('default');
  });

  it("refuse another user's channel", async () => {
    const theirs = await addChannel(premium, 'Theirs');
    const answer = await saveAccountRules(vip, [{ event: 'renewal', offset: 3, unit: 'days', channels: [theirs.id] }]);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: m.channelUnknown });
  });

  it('keep working with the other channels when one they name is deleted, and fall back to e-mail when none is left', async () => {
    const user = await signedInUser('vip');
    const phone = await addChannel(user, 'Phone');
    const desk = await addChannel(user, 'Desk');
    const rules: ReminderRule[] = [
      { event: 'renewal', offset: 3, unit: 'days', channels: [phone.id, desk.id] },
      { event: 'renewal', offset: 1, unit: 'days', channels: [desk.id] },
    ];
    expect((await saveAccountRules(user, rules)).status).toBe(200);
    expect((await call('DELETE', `/api/channels/${desk.id}`, { token: user.token })).status).toBe(200);
    expect((await accountRules(user)).body.rules).toEqual([
      { event: 'renewal', offset: 3, unit: 'days', channels: [phone.id] },
      { event: 'renewal', offset: 1, unit: 'days', channels: ['email'] },
    ]);
  });
});

describe("a subscription's reminder rules", () => {
  it("follow the account's: SPEC's, then the account's own once set", async () => {
    const user = await signedInUser('vip');
    const id = await subscribe(user);
    const before = await subscriptionRules(user, id);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ rules: [...spec(10, ['email']), ...spec(3, ['email'])], source: 'default', editable: true });

    const account: ReminderRule[] = [{ event: 'renewal', offset: 5, unit: 'days', channels: ['email'] }];
    expect((await saveAccountRules(user, account)).status).toBe(200);
    expect((await subscriptionRules(user, id)).body).toEqual({ rules: account, source: 'account', editable: true });
  });

  it("are its own once saved, and the account's again after null", async () => {
    const user = await signedInUser('premium');
    const id = await subscribe(user);
    const own: ReminderRule[] = [
      { event: 'renewal', offset: 1, unit: 'weeks', channels: ['email'] },
      { event: 'cancelBy', offset: 2, unit: 'days', channels: ['email'] },
    ];
    const saved = await saveSubscriptionRules(user, id, own);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({ rules: own, source: 'subscription', editable: true });
    expect((await subscriptionRules(user, id)).body.source).toBe('subscription');
    // The subscription itself is unchanged for the client, and edits keep its rules.
    const edited = await call('PUT', `/api/subscriptions/${id}`, {
      token: user.token,
      body: { name: 'Netflix 4K', amount: 22.99, category: 'streaming', dueDate: '2036-03-01' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await subscriptionRules(user, id)).body.rules).toEqual(own);

    const reset = await saveSubscriptionRules(user, id, null);
    expect(reset.status).toBe(200);
    expect(reset.body.source).toBe('default');
  });

  it('refuse a member with the upgrade message', async () => {
    const id = await subscribe(member);
    const answer = await saveSubscriptionRules(member, id, [{ event: 'renewal', offset: 5, unit: 'days', channels: ['email'] }]);
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ message: m.paidOnly });
    expect((await subscriptionRules(member, id)).body).toMatchObject({ source: 'default', editable: false });
  });

  it("answer 404 for another user's subscription, and for an id that is not one", async () => {
    const id = await subscribe(premium);
    const rules = [{ event: 'renewal', offset: 5, unit: 'days', channels: ['email'] }];
    for (const answer of [
      await subscriptionRules(vip, id),
      await saveSubscriptionRules(vip, id, rules),
      await subscriptionRules(vip, 'not-an-id'),
      await saveSubscriptionRules(vip, 'not-an-id', rules),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: subscriptionMessages.notFound });
    }
    expect((await subscriptionRules(premium, id)).body.source).toBe('default');
  });

  it('refuse a channel that is not the user’s, and validate as the account does', async () => {
    const id = await subscribe(vip);
    const unknown = await saveSubscriptionRules(vip, id, [{ event: 'renewal', offset: 3, unit: 'days', channels: ['nope'] }]);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ message: m.channelUnknown });
    const tooMany = await saveSubscriptionRules(
      vip,
      id,
      [1, 2, 3, 4, 5, 6].map((offset) => ({ event: 'renewal', offset, unit: 'days', channels: ['email'] })),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({ message: m.tooMany });
  });

  it('in the trash are shown, not editable, and refused with 409 until it is recovered', async () => {
    const id = await subscribe(vip);
    expect((await call('DELETE', `/api/subscriptions/${id}`, { token: vip.token })).status).toBe(200);
    expect((await subscriptionRules(vip, id)).body).toMatchObject({ source: 'default', editable: false });
    const answer = await saveSubscriptionRules(vip, id, [{ event: 'renewal', offset: 5, unit: 'days', channels: ['email'] }]);
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ message: subscriptionMessages.cannotEdit });
  });
});

describe('the reminder hour and time zone', () => {
  it('are saved in settings and answered by the user and the account rules', async () => {
    const user = await signedInUser();
    const saved = await call('PUT', '/api/auth/settings', { token: user.token, body: { reminderHour: 20, timeZone: 'Asia/Tokyo' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.user).toMatchObject({ reminderHour: 20, timeZone: 'Asia/Tokyo' });
    expect((await accountRules(user)).body).toMatchObject({ hour: 20, timeZone: 'Asia/Tokyo' });
  });

  it.each([24, -1, 7.5, '8'])('refuse hour %j with 400', async (reminderHour) => {
    const user = await signedInUser();
    const answer = await call('PUT', '/api/auth/settings', { token: user.token, body: { reminderHour } });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: 'Reminder hour must be a whole hour from 0 to 23' });
  });

  it('refuse a time zone that does not exist', async () => {
    const answer = await call('PUT', '/api/auth/settings', { token: member.token, body: { timeZone: 'Mars/Olympus_Mons' } });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: 'Invalid time zone' });
  });

  it("the browser's zone at sign-in until the user chooses one; a chosen zone stays", async () => {
    const user = await signedInUser();
    const signInFrom = (timeZone: string) => login(user.username, PASSWORD, { timeZone });
    expect((await signInFrom('Europe/Berlin')).body.user.timeZone).toBe('Europe/Berlin');
    expect((await call('PUT', '/api/auth/settings', { token: user.token, body: { timeZone: 'America/New_York' } })).status).toBe(200);
    expect((await signInFrom('Asia/Tokyo')).body.user.timeZone).toBe('America/New_York');
  });
});
