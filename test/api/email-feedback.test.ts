import { describe, expect, it } from 'vitest';
import { addDays } from '../../shared/domain/dates.js';
import { apiUrl, call, linkToken, me, PASSWORD, type SignedInUser, signedInUser, stack, uniqueName } from './helpers.js';

/**
 * Issue 11 §3: SES bounces and complaints reach the e-mail feedback function (locally through
 * /_local/ses-notifications, as SNS delivers them in the cloud), which stops mail to the address and
 * flags it in the user's settings; reminders carry a one-click List-Unsubscribe (RFC 8058).
 */
const FIRST_RUN_DATE = '2041-03-10';
let runs = 0;
/** A run date of its own for each test: a date once planned is not planned again (docs/decisions/0028-reminder-fan-out.md). */
const freshRunDate = () => addDays(FIRST_RUN_DATE, 40 * runs++);

interface StoredMail {
  destination: { to: string[] };
  subject: string;
  body: { html?: string; text?: string };
  headers?: Array<{ name: string; value: string }>;
}

async function mailsTo(address: string): Promise<StoredMail[]> {
  const { emails } = (await (await fetch(`${stack.mailboxUrl}/store`)).json()) as { emails: StoredMail[] };
  return emails.filter((m) => m.destination.to.some((to) => to.toLowerCase() === address.toLowerCase()));
}
const reminders = async (user: SignedInUser) => (await mailsTo(user.email)).filter((m) => m.subject.startsWith('Reminder:'));

async function runReminders(date: string) {
  const response = await fetch(`${apiUrl()}/_local/reminders?date=${date}`, { method: 'POST' });
  expect(response.status).toBe(200);
}

/** A subscription of the user due 10 days after `date`: a reminder on that date. */
async function dueSoon(user: SignedInUser, date: string) {
  const answer = await call('POST', '/api/subscriptions', {
    token: user.token,
    body: { name: uniqueName('Plan'), amount: 10, category: 'streaming', dueDate: addDays(date, 10) },
  });
  expect(answer.status).toBe(201);
}

/** What SES publishes for the configuration set's events (event publishing format). */
const bounce = (address: string, bounceType: 'Permanent' | 'Transient') => ({
  eventType: 'Bounce',
  bounce: {
    bounceType,
    bounceSubType: bounceType === 'Permanent' ? 'General' : 'MailboxFull',
    bouncedRecipients: [{ emailAddress: address }],
  },
  mail: { destination: [address] },
});
const complaint = (address: string) => ({
  eventType: 'Complaint',
  complaint: { complaintFeedbackType: 'abuse', complainedRecipients: [{ emailAddress: address }] },
  mail: { destination: [address] },
});

async function deliver(event: unknown) {
  const response = await fetch(`${apiUrl()}/_local/ses-notifications`, { method: 'POST', body: JSON.stringify(event) });
  expect(response.status).toBe(200);
  return (await response.json()) as { suppressed: number; ignored: number };
}

describe('bounces and complaints', () => {
  it('a permanent bounce stops reminders to the address, flags it in settings, and a new address clears it', async () => {
    const date = freshRunDate();
    const user = await signedInUser();
    await dueSoon(user, date);
    expect(await deliver(bounce(user.email.toUpperCase(), 'Permanent'))).toEqual({ suppressed: 1, ignored: 0 });
    expect((await me(user.token)).body.emailSuppressed).toBe('bounce');

    await runReminders(date);
    expect(await reminders(user)).toEqual([]);
    // A password reset is asked for by the person: it still goes (docs/decisions/0020-bounces-and-complaints.md).
    expect((await call('POST', '/api/auth/forgot-password', { body: { email: user.email } })).status).toBe(200);
    expect((await mailsTo(user.email)).map((m) => m.subject)).toContain('Reset your Subscription Tracker password');

    // A new address clears the notice once it is the account's, that is once its link is used.
    const address = `${uniqueName('new')}@example.com`;
    const changed = await call('PUT', '/api/auth/settings', { token: user.token, body: { email: address, currentPassword: PASSWORD } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await call('GET', `/api/auth/verify-email/${await linkToken(address, 'verify-email')}`)).status).toBe(200);
    expect((await me(user.token)).body.emailSuppressed).toBeNull();
  });

  it('a complaint stops reminders too, and a transient bounce changes nothing', async () => {
    const date = freshRunDate();
    const [complained, full] = await Promise.all([signedInUser(), signedInUser()]);
    await Promise.all([dueSoon(complained, date), dueSoon(full, date)]);
    expect(await deliver(complaint(complained.email))).toEqual({ suppressed: 1, ignored: 0 });
    expect(await deliver(bounce(full.email, 'Transient'))).toEqual({ suppressed: 0, ignored: 1 });
    expect((await me(complained.token)).body.emailSuppressed).toBe('complaint');
    expect((await me(full.token)).body.emailSuppressed).toBeNull();

    await runReminders(date);
    expect(await reminders(complained)).toEqual([]);
    expect(await reminders(full)).toHaveLength(1);
  });

  it('refuses a body that is not JSON', async () => {
    const response = await fetch(`${apiUrl()}/_local/ses-notifications`, { method: 'POST', body: 'not json' });
    expect(response.status).toBe(400);
  });
});

describe('one-click unsubscribe', () => {
  it('reminders carry List-Unsubscribe, and its one-click POST turns reminders off, idempotently', async () => {
    const date = freshRunDate();
    const user = await signedInUser();
    await dueSoon(user, date);
    await runReminders(date);
    const [reminder] = await reminders(user);
    expect(reminder, 'a reminder').toBeDefined();
    const header = (name: string) => reminder.headers?.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;
    expect(header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const url = /^<(https?:\/\/[^>]+)>$/.exec(header('List-Unsubscribe') ?? '')?.[1];
    expect(url, header('List-Unsubscribe')).toMatch(/\/api\/auth\/unsubscribe\/[^/]+$/);
    // The visible link opens the page that asks first, with the same token.
    const token = (url as string).split('/').at(-1) as string;
    expect(reminder.body.text).toContain(`/unsubscribe?token=${token}`);

    // What a mail provider sends (RFC 8058 §3.1).
    const path = new URL(url as string).pathname;
    const oneClick = () =>
      call('POST', path, { rawBody: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const first = await oneClick();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.message).toMatch(/Reminder e-mails are off/);
    expect((await me(user.token)).body).toMatchObject({ notify10Days: false, notify3Days: false, notify1Day: false });
    expect((await oneClick()).status).toBe(200);

    const forged = await call('POST', `/api/auth/unsubscribe/${user.id}.${'A'.repeat(43)}`);
    expect(forged.status).toBe(400);
    expect(forged.body.message).toMatch(/not valid/);
  });
});
