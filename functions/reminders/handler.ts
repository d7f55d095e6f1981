import type { Context } from 'aws-lambda';
import { isCalendarDate } from '../../shared/domain/dates.js';
import { DEFAULT_REMINDER_HOUR_UTC, runInstant } from '../../shared/domain/reminders.js';
import { createLogger } from '../lib/log.js';
import { type ReminderRunSummary, runReminders } from './job.js';

/**
 * The reminders function. EventBridge Scheduler starts it daily with `{ "scheduledTime": "<ISO>" }`,
 * the run's nominal time, which stays the same on every retry; on demand it takes
 * `{ "date": "YYYY-MM-DD" }` and behaves like that day's scheduled run.
 */
export interface ReminderEvent {
  date?: string;
  scheduledTime?: string;
}

/** Claiming stops this long before the Lambda timeout, so the sends in flight finish and settle. */
const STOP_BEFORE_TIMEOUT_MS = 30_000;

const reminderHour = () => {
  const hour = Number(process.env.REMINDER_HOUR_UTC ?? DEFAULT_REMINDER_HOUR_UTC);
  return Number.isInteger(hour) && hour >= 0 && hour <= 23 ? hour : DEFAULT_REMINDER_HOUR_UTC;
};

/** The instant a run stands for: the given day at the reminder hour, the schedule's time, or now. */
function runTime(event: ReminderEvent | null): Date {
  const date = event?.date;
  if (date !== undefined) {
    if (!isCalendarDate(date)) throw new Error(`Invalid date "${date}": expected YYYY-MM-DD`);
    return runInstant(date, reminderHour());
  }
  const scheduled = event?.scheduledTime ? new Date(event.scheduledTime) : undefined;
  return scheduled && !Number.isNaN(scheduled.getTime()) ? scheduled : new Date();
}

/** One run of the job, with its summary whatever happened to individual sends (the local stack's route). */
export function runRemindersFor(event: ReminderEvent | null, deadline?: number): Promise<ReminderRunSummary> {
  return runReminders({
    now: runTime(event),
    log: createLogger({ function: 'reminders' }),
    concurrency: Number(process.env.REMINDER_CONCURRENCY ?? 8),
    maxSendRate: Number(process.env.SES_MAX_SEND_RATE ?? 0),
    deadline,
  });
}

/**
 * The Lambda handler. A run that could not send everything — failed sends (their claims released)
 * or reminders deferred at the timeout — ends in an error, so Lambda retries it (twice, minutes
 * apart), the retry sends exactly what is left, and the errors alarm fires if it never succeeds.
 */
export async function handler(event: ReminderEvent | null = {}, context?: Pick<Context, 'getRemainingTimeInMillis'>) {
  const deadline = context ? Date.now() + context.getRemainingTimeInMillis() - STOP_BEFORE_TIMEOUT_MS : undefined;
  const summary = await runRemindersFor(event, deadline);
  if (summary.failed > 0 || summary.deferred > 0) {
    throw new Error(
      `Reminder run for ${summary.date} incomplete: ${summary.failed} failed and ${summary.deferred} deferred of ${summary.due} due; a re-run sends only those`,
    );
  }
  return summary;
}
