import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatDateShort } from '../../shared/domain/dates.js';
import { apiUrl, call, getItem, mailsTo, ownerSession, type SignedInUser, setAttributes, signedInUser } from './helpers.js';

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
  it('sends 10- and 3-day reminders to members, at the price as billed (in euros, their currency), never the 1-day one', async () => {
    const sent = await subjects(member);
    expect(sent).toHaveLength(2);
    expect(sent).toContain('Reminder: TenDays renews in 10 days (€10.00)');
    expect(sent).toContain('Reminder: ThreeDays renews in 3 days (€10.00)');
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
    // Reminders turned off, or the 1-day one of a member, are not in the index at all (issue 25 §1): only the
    // unverified address's are read and skipped.
    expect(first.skipped.noVerifiedEmail).toBeGreaterThanOrEqual(2);
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

describe("trials' ends, cancel-by dates and prices as billed (issue 24 §3)", () => {
  const RUN = '2035-09-10';
  const day = (n: number) => addDays(RUN, n);
  let europe: SignedInUser;
  let ids: Record<string, string>;
  let run: Awaited<ReturnType<typeof runFor>>;

  const create = async (name: string, body: Record<string, unknown>) => {
    const answer = await call('POST', '/api/subscriptions', {
      token: europe.token,
      body: { name, amount: 9.99, currency: 'EUR', category: 'streaming', ...body },
    });
    expect(answer.status).toBe(201);
    return answer.body as { id: string; dueDate: string };
  };
  const act = async (id: string, method: 'PUT' | 'DELETE', path = '') =>
    expect((await call(method, `/api/subscriptions/${id}${path}`, { token: europe.token })).status).toBe(200);

  beforeAll(async () => {
    europe = await signedInUser();
    ids = {};
    // The free trial ends on the first charge's day: one e-mail, the trial's, with the price after it.
    ids.trialFlix = (await create('TrialFlix', { trialEndsAt: day(3), dueDate: day(3) })).id;
    // A renewal inside the trial costs nothing (no reminder); the trial's end gets its own.
    ids.trialGym = (await create('TrialGym', { trialEndsAt: day(10), dueDate: day(3) })).id;
    // Notice of 10 days before the renewal on day 13: cancel by day 3.
    ids.noticeBox = (await create('NoticeBox', { amount: 20, dueDate: day(13), noticeDays: 10 })).id;
    // Ends on day −4 and renewed past it: no renewal after the end date.
    const ending = await create('EndingSoon', { billingCycle: 'weekly', dueDate: day(-4), endsAt: day(-4) });
    await act(ending.id, 'PUT', '/renew');
    // A price change after the renewal on day 10: that renewal is at the price in force then, in dollars.
    ids.priceRise = (await create('PriceRise', { amount: 10, currency: 'USD', dueDate: day(10) })).id;
    const rise = await call('PUT', `/api/subscriptions/${ids.priceRise}`, {
      token: europe.token,
      body: { name: 'PriceRise', amount: 15, currency: 'USD', category: 'streaming', dueDate: day(10), effectiveFrom: day(20) },
    });
    expect(rise.status).toBe(200);
    // Trials and notice periods that stop mattering: edited away, canceled, deleted; and one recovered.
    const dropped = await create('TrialDropped', { trialEndsAt: day(10), dueDate: day(40) });
    const edit = await call('PUT', `/api/subscriptions/${dropped.id}`, {
      token: europe.token,
      body: { name: 'TrialDropped', amount: 9.99, category: 'streaming', dueDate: day(40), trialEndsAt: null },
    });
    expect(edit.status).toBe(200);
    ids.canceledTrial = (await create('CanceledTrial', { trialEndsAt: day(10), dueDate: day(40) })).id;
    await act(ids.canceledTrial, 'PUT', '/cancel');
    const deleted = await create('DeletedNotice', { dueDate: day(13), noticeDays: 10 });
    await act(deleted.id, 'DELETE');
    const recovered = await create('RecoveredTrial', { trialEndsAt: day(10), dueDate: day(30) });
    await act(recovered.id, 'DELETE');
    await act(recovered.id, 'PUT', '/recover');
    run = await runFor(RUN);
  });

  it('sends the trial and cancel-by reminders with the renewals, each price as billed and in dollars, and nothing else', async () => {
    expect((await subjects(europe)).toSorted((a, b) => a.localeCompare(b))).toEqual(
      [
        'Reminder: Your free trial of TrialFlix ends in 3 days \u2014 it then costs €9.99/month (\u2248 $10.86)',
        'Reminder: Your free trial of TrialGym ends in 10 days \u2014 it then costs €9.99/month (\u2248 $10.86)',
        'Reminder: Your free trial of RecoveredTrial ends in 10 days \u2014 it then costs €9.99/month (\u2248 $10.86)',
        `Reminder: Cancel NoticeBox by ${formatDateShort(day(3))} to avoid the next renewal`,
        'Reminder: PriceRise renews in 10 days ($10.00)',
      ].toSorted((a, b) => a.localeCompare(b)),
    );
    expect(run.failed).toBe(0);
  });

  it('says when to cancel, why, and what the renewal costs', async () => {
    const [mail] = (await mailsTo(europe.email)).filter((m) => m.subject.includes('NoticeBox'));
    for (const part of [mail.body.html ?? '', mail.body.text ?? '']) {
      expect(part).toContain(
        `Your NoticeBox subscription renews on ${formatDateShort(day(13))} for €20.00/month (\u2248 $21.74). Its notice period is 10 days, so cancel it by ${formatDateShort(day(3))} if you no longer want it.`,
      );
    }
    const [trial] = (await mailsTo(europe.email)).filter((m) => m.subject.includes('TrialGym'));
    expect(trial.body.text).toContain(
      `Your free trial of TrialGym ends on ${formatDateShort(day(10))}. It then costs €9.99/month (\u2248 $10.86), first charged on ${formatDateShort(addDays(day(3), 30))}.`,
    );
  });

  it("keeps each reminder's index entry beside the subscription, at its hour, while it is active; none once it is canceled", async () => {
    expect(await getItem(`USER#${europe.id}`, `REMIND#${ids.trialGym}#trialEnd-3d#${day(10)}`)).toMatchObject({
      gsi1pk: `REMINDAT#${day(7)}T08`,
      name: 'TrialGym',
      currency: 'EUR',
      rule: { event: 'trialEnd', offset: 3, unit: 'days', source: 'default' },
    });
    expect(await getItem(`USER#${europe.id}`, `REMIND#${ids.noticeBox}#cancelBy-3d#${day(3)}`)).toMatchObject({
      gsi1pk: `REMINDAT#${day(0)}T08`,
    });
    expect(await getItem(`USER#${europe.id}`, `REMIND#${ids.canceledTrial}#trialEnd-3d#${day(10)}`)).toBeUndefined();
    // The trial ends on the due date and both rules fall in the same hour: the renewal's reminder speaks of the trial's end (one e-mail).
    expect(await getItem(`USER#${europe.id}`, `REMIND#${ids.trialFlix}#trialEnd-3d#${day(3)}`)).toBeUndefined();
    expect(await getItem(`USER#${europe.id}`, `REMIND#${ids.trialFlix}#renewal-3d#${day(3)}`)).toBeDefined();
  });

  it('moves the cancel-by entries with a renewal', async () => {
    await act(ids.noticeBox, 'PUT', '/renew');
    const cancelBy = addDays(addDays(day(13), 30), -10);
    expect(await getItem(`USER#${europe.id}`, `REMIND#${ids.noticeBox}#cancelBy-10d#${cancelBy}`)).toMatchObject({
      gsi1pk: `REMINDAT#${addDays(cancelBy, -10)}T08`,
      dueDate: addDays(day(13), 30),
    });
    expect(await getItem(`USER#${europe.id}`, `REMIND#${ids.noticeBox}#cancelBy-3d#${day(3)}`)).toBeUndefined();
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

  it('runs the job as of an instant with --at (issue 25 §1), and says what is wrong with a malformed one', async () => {
    const user = await signedInUser();
    await subscribe(user, 'AtAnInstant', 200 + 10);
    const at = `${addDays(RUN_DATE, 200)}T08:00:00.000Z`;
    const run = await reminders(['--at', at]);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ at, failed: 0 });
    expect(await subjects(user)).toEqual(['Reminder: AtAnInstant renews in 10 days ($10.00)']);
    const bad = await reminders(['--at', 'tomorrow']);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('--at must be an ISO 8601 instant, e.g. 2031-03-01T20:00:00Z (got "tomorrow")');
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
    const owner = await ownerSession();
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
