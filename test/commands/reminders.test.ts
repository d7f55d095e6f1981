import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  mailsTo,
  READY_LINE,
  type RunningCommand,
  runCommand,
  type StackSettings,
  signUp,
  stackSettings,
  stackTraceLines,
  stopWithSigterm,
} from './command.js';

/**
 * `npm run reminders -- --date …` against a running `npm start`, in both ways of writing the
 * option: the summary printed is the run for that date, and the reminder lands in the mailbox.
 */

const RUN_DATE = '2026-12-01';
/** Ten days after RUN_DATE: the 10-day reminder is due on RUN_DATE. */
const DUE_DATE = '2026-12-11';

let stack: StackSettings;
let start: RunningCommand;
let carol: { email: string; token: string };

beforeAll(async () => {
  stack = await stackSettings();
  start = runCommand(['start'], stack.env);
  await start.waitFor(READY_LINE);
  carol = await signUp(stack, 'carol');
  const created = await call(stack.url, 'POST', '/api/subscriptions', {
    token: carol.token,
    body: { name: 'Spotify', amount: 11.99, category: 'music', dueDate: DUE_DATE },
  });
  expect(created.status).toBe(201);
});

afterAll(async () => {
  await stopWithSigterm(start, stack.dataDir);
});

/** `npm run reminders -- <args>` pointed at the stack by PORT, as the README says; its summary parsed. */
async function reminders(args: string[]) {
  const run = runCommand(['run', 'reminders', '--', ...args], { PORT: stack.env.PORT });
  const status = await run.exited;
  const output = run.output();
  const json = output.slice(output.indexOf('\n{') + 1);
  return { status, output, stderr: run.stderr(), summary: status === 0 ? JSON.parse(json) : undefined };
}

describe('npm run reminders', () => {
  it('runs for the date given as --date=YYYY-MM-DD and prints that run’s summary', async () => {
    const run = await reminders([`--date=${RUN_DATE}`]);
    expect(run.status).toBe(0);
    expect(run.summary).toMatchObject({ date: RUN_DATE, due: 1, queued: 1, sent: 1, failed: 0, retried: 0, deadLettered: 0 });
    // The 24 hours up to 08:00 UTC on the date, among them 08:00 UTC: the reminder hour of a user in UTC (issue 25 §1).
    expect(run.summary.hours).toContain(`${RUN_DATE}T08`);
    const subjects = (await mailsTo(stack.mailboxUrl, carol.email)).map((mail) => mail.subject);
    expect(subjects).toContain('Reminder: Spotify renews in 10 days ($11.99)');
  });

  it('runs for the date given as --date YYYY-MM-DD: the same date, planned already, so nothing is queued again', async () => {
    const run = await reminders(['--date', RUN_DATE]);
    expect(run.status).toBe(0);
    expect(run.summary).toMatchObject({ date: RUN_DATE, due: 1, queued: 0, sent: 0 });
  });

  it('names an unknown option in one line and exits 1', async () => {
    const run = await reminders(['--day', RUN_DATE]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      "Unknown option '--day'. Usage: npm run reminders -- [--at <ISO instant> | --date YYYY-MM-DD] [--function <name>]",
    );
    expect(stackTraceLines(run.output)).toEqual([]);
  });
});
