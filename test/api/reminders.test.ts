import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../shared/domain/dates.js';
import { apiUrl, call, mailsTo, type SignedInUser, setAttributes, signedInUser } from './helpers.js';

/**
 * The reminder run on the local stack (SPEC §1, §9; issue 'Renewal reminders'): seed users and
 * subscriptions, run the planner and the sender for a date, read the SES emulator's store. Failures,
 * crashes and the planner's resumption: test/api/reminder-pipeline.test.ts.
 */
const RUN_DATE = '2035-06-20';

async function runFor(date: string) {
  const response = await fetch(`${apiUrl()}/_local/reminders?date=${date}`, { method: 'POST' });
  expect(response.status).toBe(200);
  return (await response.json()) as {
    due: number;
    queued: number;
    sent: number;
    failed: number;
    read: number;
    itemsRead: number;
    skipped: Record<string, number>;
  };
}

async function subscribe(user: SignedInUser, name: string, dueInDays: number, changes: Record<string, unknown> = {}) {
  const answer = await call('POST', '/api/subscriptions', {
    token: user.token,
    body: { name, amount: 10, category: 'streaming', dueDate: addDays(RUN_DATE, dueInDays), ...changes },
  });
  expect(answer.status).toBe(201);
  return answer.body as { id: string; dueDate: string };
}

const subjects = async (user: SignedInUser) => (await mailsTo(user.email)).filter((m) => /Reminder:/.test(m.subject)).map((m) => m.subject);

let member: SignedInUser;
let vip: SignedInUser;
let unverified: SignedInUser;
let quiet: SignedInUser;
let samoa: SignedInUser;
let first: Awaited<ReturnType<typeof runFor>>;

beforeAll(async () => {
  [member, vip, unverified, quiet, samoa] = await Promise.all([
    signedInUser(),
    signedInUser('vip'),
    signedInUser(),
    signedInUser(),
    signedInUser(),
  ]);
  await call('PUT', '/api/auth/settings', { token: member.token, body: { currencyPreference: 'EUR' } });
  await call('PUT', '/api/auth/settings', { token: vip.token, body: { notify1Day: true } });
  await call('PUT', '/api/auth/settings', { token: quiet.token, body: { notify3Days: false } });
  await setAttributes(`USER#${unverified.id}`, 'PROFILE', { emailVerified: false });
  // Samoa (UTC−11): at the run (08:00 UTC) it is still the day before there.
  await setAttributes(`USER#${samoa.id}`, 'PROFILE', { timeZone: 'Pacific/Pago_Pago' });

  for (const user of [member, vip, unverified, quiet]) {
    await subscribe(user, 'TenDays', 10);
    await subscribe(user, 'ThreeDays', 3);
    await subscribe(user, 'OneDay', 1);
    await subscribe(user, 'FiveDays', 5);
  }
  const canceled = await subscribe(member, 'Canceled', 10);
  await call('PUT', `/api/subscriptions/${canceled.id}/cancel`, { token: member.token });
  await subscribe(samoa, 'SamoaNine', 9);
  await subscribe(samoa, 'SamoaTen', 10);
  first = await runFor(RUN_DATE);
});

describe('reminder run', () => {
  it('sends 10- and 3-day reminders to members, in their currency, never the 1-day one', async () => {
    const sent = await subjects(member);
    expect(sent).toHaveLength(2);
    expect(sent).toContain('Reminder: TenDays renews in 10 days (€9.20)');
    expect(sent).toContain('Reminder: ThreeDays renews in 3 days (€9.20)');
  });

  it('sends the 1-day final reminder to a vip who turned it on', async () => {
    const sent = await subjects(vip);
    expect(sent.toSorted((a, b) => a.localeCompare(b))).toEqual(
      [
        'Reminder: OneDay renews tomorrow ($10.00)',
        'Reminder: TenDays renews in 10 days ($10.00)',
        'Reminder: ThreeDays renews in 3 days ($10.00)',
      ].sort(),
    );
  });

  it('sends nothing to an unverified address and respects turned-off reminders', async () => {
    expect(await subjects(unverified)).toEqual([]);
    expect(await subjects(quiet)).toEqual(['Reminder: TenDays renews in 10 days ($10.00)']);
  });

  it("counts days in the user's time zone", async () => {
    expect(await subjects(samoa)).toEqual(['Reminder: SamoaNine renews in 10 days ($10.00)']);
  });

  it('mails an HTML and a text part that say what, how much, when, and link to the dashboard and settings', async () => {
    const [mail] = (await mailsTo(vip.email)).filter((m) => m.subject.includes('OneDay'));
    for (const part of [mail.body.html ?? '', mail.body.text ?? '']) {
      expect(part).toContain('OneDay');
      expect(part).toContain('$10.00/month');
      expect(part).toContain('Jun 21, 2035');
      expect(part).toContain(`${apiUrl()}/dashboard`);
      expect(part).toContain(`${apiUrl()}/settings`);
    }
  });

  it('summarises the run and reads about one item per reminder', () => {
    expect(first.failed).toBe(0);
    expect(first.sent).toBeGreaterThanOrEqual(2 + 3 + 1 + 1);
    expect(first.queued).toBe(first.due);
    expect(first.sent).toBe(first.due);
    expect(first.skipped.noVerifiedEmail).toBeGreaterThanOrEqual(3);
    expect(first.skipped.turnedOff).toBeGreaterThanOrEqual(1);
    expect(first.skipped.notPaidTier).toBeGreaterThanOrEqual(2);
    expect(first.read).toBeLessThan(first.sent * 3);
  });

  it('never sends the same reminder twice on a re-run: the date is planned already', async () => {
    const again = await runFor(RUN_DATE);
    expect(again).toMatchObject({ due: first.due, queued: 0, sent: 0 });
    expect(await subjects(member)).toHaveLength(2);
  });

  it('rejects a malformed date', async () => {
    const response = await fetch(`${apiUrl()}/_local/reminders?date=2035-13-01`, { method: 'POST' });
    expect(response.status).toBe(400);
  });
});

describe('npm run reminders (bin/reminders.ts)', () => {
  /** The terminal command, as `npm run reminders -- …` runs it, pointed at the test stack. */
  function reminders(args: string[], appUrl = apiUrl()) {
    return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [join(process.cwd(), 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'bin/reminders.ts', ...args],
        { env: { ...process.env, APP_URL: appUrl, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' } },
        (error, stdout, stderr) => resolve({ status: error ? (error.code as number) : 0, stdout, stderr }),
      );
    });
  }

  it('runs the job for a date against the running stack and prints its summary', async () => {
    const user = await signedInUser();
    await subscribe(user, 'FromTerminal', 100 + 10);
    const run = await reminders(['--date', addDays(RUN_DATE, 100)]);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ date: addDays(RUN_DATE, 100), failed: 0 });
    expect(JSON.parse(run.stdout).sent).toBeGreaterThanOrEqual(1);
    expect(await subjects(user)).toEqual(['Reminder: FromTerminal renews in 10 days ($10.00)']);
  });

  it('says what is wrong with a malformed date or a stack that is not running', async () => {
    const badDate = await reminders(['--date', '1 March']);
    expect(badDate.status).toBe(1);
    expect(badDate.stderr).toContain('--date must be written YYYY-MM-DD');
    const noStack = await reminders(['--date', RUN_DATE], 'http://127.0.0.1:9');
    expect(noStack.status).toBe(1);
    expect(noStack.stderr).toContain('The local stack is not running: start it with `npm start`');
  });
});

describe('POST /admin/preview-email', () => {
  it('sends a sample reminder for admins only', async () => {
    const owner = (await call('POST', '/api/auth/login', { body: { username: 'owner', password: 'Owner123!' } })).body.token as string;
    const answer = await call('POST', '/api/admin/preview-email', { token: owner, body: { type: '3day', email: 'preview@example.com' } });
    expect(answer).toMatchObject({ status: 200, body: { message: 'Preview email sent to preview@example.com' } });
    const [mail] = await mailsTo('preview@example.com');
    expect(mail.subject).toMatch(/^Reminder: Netflix Premium renews in 3 days/);

    expect(
      await call('POST', '/api/admin/preview-email', { token: member.token, body: { type: 'test', email: 'x@example.com' } }),
    ).toMatchObject({
      status: 403,
      body: { message: 'Admin access required' },
    });
    expect(
      await call('POST', '/api/admin/preview-email', { token: owner, body: { type: 'weekly', email: 'x@example.com' } }),
    ).toMatchObject({
      status: 400,
      body: { message: 'Type must be 10day, 3day or test' },
    });
  });
});
