import { beforeAll, describe, expect, it } from 'vitest';
import type { InvitationList } from '../../shared/api/sharing.js';
import { apiUrl, call, mailsTo, type SignedInUser, signedInUser } from './helpers.js';

/**
 * A shared subscription's renewal reminders (issue 26: 'Members' renewal reminders state their share'), on
 * the local stack: planner runs as of chosen instants (POST /_local/reminders?at=…), mail read from the SES
 * emulator. The dates (2038) are this file's own: the planner's hour checkpoints are the stack's.
 */
const DUE = '2038-05-20';

async function runAt(at: string) {
  const response = await fetch(`${apiUrl()}/_local/reminders?at=${encodeURIComponent(at)}`, { method: 'POST' });
  expect(response.status).toBe(200);
}

async function join(payer: SignedInUser, subscriptionId: string, member: SignedInUser) {
  const invited = await call('POST', `/api/subscriptions/${subscriptionId}/members`, {
    token: payer.token,
    body: { usernameOrEmail: member.username, share: { mode: 'equal' } },
  });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const { invitations } = (await call<InvitationList>('GET', '/api/invitations', { token: member.token })).body;
  const invitation = invitations.find((i) => i.subscription.id === subscriptionId && i.state === 'pending');
  const accepted = await call('POST', `/api/invitations/${invitation?.id}/accept`, { token: member.token });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
}

const reminders = async (user: SignedInUser) =>
  (await mailsTo(user.email))
    .filter((mail) => mail.subject.startsWith('Reminder:') && mail.subject.includes('Family plan'))
    .sort((a, b) => a.at - b.at);

describe("a shared subscription's renewal reminders", () => {
  let payer: SignedInUser;
  let ben: SignedInUser;
  let cy: SignedInUser;
  let subscriptionId: string;

  beforeAll(async () => {
    payer = await signedInUser('vip');
    ben = await signedInUser();
    cy = await signedInUser();
    // Everyone sees euros; the VIP payer has the 1-day reminder on; Cy keeps the 3-day reminder only.
    for (const [user, body] of [
      [payer, { currencyPreference: 'EUR', notify1Day: true }],
      [ben, { currencyPreference: 'EUR' }],
      [cy, { currencyPreference: 'EUR', notify10Days: false }],
    ] as const) {
      const settings = await call('PUT', '/api/auth/settings', { token: user.token, body });
      expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    }
    const created = await call<{ id: string }>('POST', '/api/subscriptions', {
      token: payer.token,
      body: { name: 'Family plan', amount: 17.99, currency: 'EUR', category: 'streaming', dueDate: DUE, billingCycle: 'monthly' },
    });
    expect(created.status).toBe(201);
    subscriptionId = created.body.id;
    await join(payer, subscriptionId, ben);
    await join(payer, subscriptionId, cy);
  });

  it('go to the payer and each member, each stating their own share of €17.99 (6.01, 5.99, 5.99)', async () => {
    // 10 days before, at 08:00 UTC (everyone's default hour and zone).
    await runAt('2038-05-10T08:00:00Z');
    expect((await reminders(payer)).map((mail) => mail.subject)).toEqual(['Reminder: Family plan renews in 10 days (your share €6.01)']);
    const [toBen] = await reminders(ben);
    expect(toBen?.subject).toBe('Reminder: Family plan renews in 10 days (your share €5.99)');
    expect(toBen?.body.text).toContain(`which ${payer.username} pays and shares with 3 people`);
    expect(toBen?.body.text).toContain('Your share: €5.99');
    // Cy turned the 10-day reminder off.
    expect(await reminders(cy)).toEqual([]);

    await runAt('2038-05-17T08:00:00Z');
    expect((await reminders(cy)).map((mail) => mail.subject)).toEqual(['Reminder: Family plan renews in 3 days (your share €5.99)']);
    expect(await reminders(ben)).toHaveLength(2);
    // A run again for the same hours sends nobody anything twice.
    await runAt('2038-05-17T08:00:00Z');
    expect(await reminders(ben)).toHaveLength(2);
    expect(await reminders(payer)).toHaveLength(2);
  });

  it('stop for a member who left, and the payer’s share grows with it', async () => {
    const left = await call('DELETE', `/api/subscriptions/${subscriptionId}/members/${ben.id}`, { token: ben.token });
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    // The VIP payer's 1-day reminder: Ben left, Cy is a member without it (members get SPEC's 10 and 3 days).
    await runAt('2038-05-19T08:00:00Z');
    expect((await reminders(payer)).at(-1)?.subject).toBe('Reminder: Family plan renews tomorrow (your share €9.00)');
    expect(await reminders(ben)).toHaveLength(2);
    expect(await reminders(cy)).toHaveLength(1);
  });
});
