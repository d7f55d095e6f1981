import { isCalendarDate } from '../../shared/domain/dates.js';
import { DEFAULT_REMINDER_HOUR_UTC, runInstant } from '../../shared/domain/reminders.js';
import { createLogger } from '../lib/log.js';
import { type ReminderRunSummary, runReminders } from './job.js';

/**
 * The reminders function: run daily by EventBridge Scheduler (event `{}`), or on demand for a date
 * (`{ "date": "YYYY-MM-DD" }`: behaves like that day's scheduled run).
 */
export interface ReminderEvent {
  date?: string;
}

const reminderHour = () => {
  const hour = Number(process.env.REMINDER_HOUR_UTC ?? DEFAULT_REMINDER_HOUR_UTC);
  return Number.isInteger(hour) && hour >= 0 && hour <= 23 ? hour : DEFAULT_REMINDER_HOUR_UTC;
};

export async function handler(event: ReminderEvent | null = {}): Promise<ReminderRunSummary> {
  const date = event?.date;
  if (date !== undefined && !isCalendarDate(date)) throw new Error(`Invalid date "${date}": expected YYYY-MM-DD`);
  return runReminders({
    now: date ? runInstant(date, reminderHour()) : new Date(),
    log: createLogger({ function: 'reminders' }),
    concurrency: Number(process.env.REMINDER_CONCURRENCY ?? 8),
    maxSendRate: Number(process.env.SES_MAX_SEND_RATE ?? 0),
  });
}
