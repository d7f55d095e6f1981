/**
 * The calendar feed (issue 25 §3): a user's subscriptions as an RFC 5545 calendar. One event series
 * per subscription (a permanent UID, all-day, an RRULE for its cycle from its next due date, UNTIL its
 * end date, SEQUENCE its revision, STATUS:CANCELLED once canceled), one event each for the end of a
 * free trial and the last day to cancel, and on each event a VALARM per reminder the user gets. Pure:
 * the same subscriptions and settings give the same text, byte for byte, so the feed's ETag holds
 * until something changes.
 */
import type { SharedSubscriptionInfo, SubscriptionStatus } from '../api/subscription.js';
import { anchorDayOf, type BillingPrices, type BillingSchedule, intervalOf, renewalAfterCancelBy } from './billing.js';
import { formatAmount } from './currency.js';
import { addDays, daysInMonth, parseCalendarDate } from './dates.js';
import { type CalendarComponent, dateValue, escapeText, serializeComponent, utcDateTimeValue } from './icalendar.js';
import { effectiveReminderRules, offsetHours, type ReminderRule, type RulesOwner } from './reminders/rules.js';
import { firstChargedRenewal, scheduledCancelBy, scheduledRenewals, scheduledTrialEnd } from './schedule.js';
import { cycleName } from './subscription-labels.js';

/** How often calendar apps are asked to fetch the feed again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
export const FEED_REFRESH_HOURS = 6;
export const FEED_PRODUCT_ID = '-//Subscription Tracker//Calendar feed//EN';

/** A subscription as the feed reads it. `revision` counts its edits (none stored reads as 0). */
export type FeedSubscription = BillingSchedule &
  BillingPrices & {
    id: string;
    name: string;
    description?: string;
    status: SubscriptionStatus;
    updatedAt: string;
    revision?: number;
    /** Someone else pays for it and shares it with the feed's owner (issue 26): their share, not the price, is named. */
    shared?: Pick<SharedSubscriptionInfo, 'payerName' | 'myShare'>;
    /** Its own reminder rules (VIP and Premium); absent: the account's. */
    reminderRules?: ReminderRule[] | null;
  };

/** The user's settings and rules the feed's alarms follow. */
export type FeedOwner = RulesOwner;

/** The events of the feed that have alarms, as the reminders name them. */
type AlarmedEvent = 'renewal' | 'trialEnd' | 'cancelBy';

/** An alarm's TRIGGER, before the all-day event's start: '-P10D', '-P2W', '-PT12H', 'PT0S' on the day. */
export function alarmTrigger(rule: Pick<ReminderRule, 'offset' | 'unit'>): string {
  if (rule.offset === 0) return 'PT0S';
  if (rule.unit === 'hours') return `-PT${rule.offset}H`;
  return `-P${rule.offset}${rule.unit === 'weeks' ? 'W' : 'D'}`;
}

/**
 * A subscription's alarms by event (issue 35 §2.6): the reminders the user gets for it — its own rules,
 * else the account's, else SPEC §9's under the user's settings (effectiveReminderRules, as the reminder
 * index reads them); one alarm per lead time, the earliest first. A subscription shared with the feed's
 * owner follows the owner's rules, not the payer's.
 */
export function feedAlarms(sub: Pick<FeedSubscription, 'reminderRules' | 'shared'>, owner: FeedOwner): Record<AlarmedEvent, string[]> {
  const { rules } = effectiveReminderRules(owner, sub.shared ? null : sub.reminderRules);
  const triggers = (event: AlarmedEvent) => [
    ...new Set(
      rules
        .filter((rule) => rule.event === event)
        .sort((a, b) => offsetHours(b) - offsetHours(a))
        .map(alarmTrigger),
    ),
  ];
  return { renewal: triggers('renewal'), trialEnd: triggers('trialEnd'), cancelBy: triggers('cancelBy') };
}

/** The first renewal of the series: the due date (what the app's occurrences start from). */
export function seriesStart(sub: BillingSchedule): string {
  return sub.dueDate;
}

/** How far ahead the feed lists the February renewals of a series anchored on the 29th or 30th (RDATE). */
export const SHORT_MONTH_RENEWAL_YEARS = 10;

/**
 * The RRULE of a subscription's renewals as shared/domain/billing.ts schedules them: weekly every
 * `cycleInterval` weeks; monthly and quarterly every 1 or 3 × `cycleInterval` months on the anchor
 * day, the 31st as the month's last day (BYMONTHDAY=-1); yearly in the due date's month, 29 February
 * as February's last day; UNTIL the end date. A month too short for an anchor on the 29th or 30th
 * (February) has no such day, so the rule skips it (RFC 5545 §3.3.10): {@link shortMonthRenewals}
 * lists those renewals (docs/decisions/0093-calendar-feed.md says why not BYSETPOS).
 */
export function renewalRule(sub: BillingSchedule): string {
  const interval = intervalOf(sub);
  const anchor = anchorDayOf(sub);
  const until = sub.endsAt ? `;UNTIL=${dateValue(sub.endsAt)}` : '';
  if (sub.billingCycle === 'weekly') return `FREQ=WEEKLY;INTERVAL=${interval}${until}`;
  if (sub.billingCycle === 'yearly') {
    const month = parseCalendarDate(sub.dueDate)?.month ?? 1;
    // In a month of fixed length the day never changes; February's anchor from the 29th on is its last day.
    const day = month === 2 ? (anchor >= 29 ? -1 : anchor) : Math.min(anchor, daysInMonth(2001, month));
    return `FREQ=YEARLY;INTERVAL=${interval};BYMONTH=${month};BYMONTHDAY=${day}${until}`;
  }
  const months = sub.billingCycle === 'quarterly' ? 3 : 1;
  return `FREQ=MONTHLY;INTERVAL=${months * interval};BYMONTHDAY=${anchor >= 31 ? -1 : anchor}${until}`;
}

/**
 * The renewals the RRULE skips, for its RDATE: those of a monthly or quarterly series anchored on the
 * 29th or 30th that fall in a shorter February (on its last day, as the app bills them), for the next
 * SHORT_MONTH_RENEWAL_YEARS years and none after the end date.
 */
export function shortMonthRenewals(sub: BillingSchedule & BillingPrices): string[] {
  const anchor = anchorDayOf(sub);
  if (sub.billingCycle === 'weekly' || sub.billingCycle === 'yearly' || anchor < 29 || anchor > 30) return [];
  const start = seriesStart(sub);
  const horizon = addDays(start, SHORT_MONTH_RENEWAL_YEARS * 366);
  return scheduledRenewals({ ...sub, status: 'active' }, { from: start, to: horizon })
    .map((renewal) => renewal.date)
    .filter((date) => (parseCalendarDate(date)?.day ?? anchor) < anchor);
}

interface EventInput {
  uid: string;
  date: string;
  summary: string;
  description: string;
  sub: FeedSubscription;
  rule?: string;
  /** Dates the rule skips (RDATE). */
  extraDates?: string[];
  cancelled?: boolean;
  /** The alarms' triggers (alarmTrigger). */
  alarms: string[];
}

function alarm(trigger: string, summary: string): CalendarComponent {
  return {
    name: 'VALARM',
    lines: ['ACTION:DISPLAY', `DESCRIPTION:${escapeText(summary)}`, `TRIGGER;VALUE=DURATION:${trigger}`],
  };
}

function event(input: EventInput): CalendarComponent {
  const { sub } = input;
  const stamp = utcDateTimeValue(sub.updatedAt);
  return {
    name: 'VEVENT',
    lines: [
      `UID:${input.uid}`,
      `DTSTAMP:${stamp}`,
      `LAST-MODIFIED:${stamp}`,
      `SEQUENCE:${sub.revision ?? 0}`,
      `DTSTART;VALUE=DATE:${dateValue(input.date)}`,
      `DTEND;VALUE=DATE:${dateValue(addDays(input.date, 1))}`,
      ...(input.rule ? [`RRULE:${input.rule}`] : []),
      ...(input.extraDates?.length ? [`RDATE;VALUE=DATE:${input.extraDates.map(dateValue).join(',')}`] : []),
      `SUMMARY:${escapeText(input.summary)}`,
      `DESCRIPTION:${escapeText(input.description)}`,
      `STATUS:${input.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
      'TRANSP:TRANSPARENT',
    ],
    components: input.cancelled ? [] : input.alarms.map((trigger) => alarm(trigger, input.summary)),
  };
}

const inDays = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/**
 * The events of one subscription: its renewals' series (while it has one), its trial's end, its cancel-by day.
 * One shared with the feed's owner names their share and who pays, and has no cancel-by day: only the payer cancels.
 */
export function subscriptionEvents(sub: FeedSubscription, host: string, owner: FeedOwner, today: string): CalendarComponent[] {
  if (sub.status === 'deleted') return [];
  const alarms = feedAlarms(sub, owner);
  const events: CalendarComponent[] = [];
  const cancelled = sub.status === 'canceled';
  const start = seriesStart(sub);
  // The subscription as the schedule reads it: its dates and prices (the feed names a share itself).
  const { shared: _share, ...own } = sub;
  // The schedule's first renewal, as if active (a canceled series is shown, canceled); none when the
  // subscription ends before it: no series left.
  const active = { ...own, status: 'active' as const };
  const [first] = scheduledRenewals(active, { from: start, to: start });
  if (first) {
    // In a free trial, the price of the first renewal that is charged.
    const charge = first.trial ? (firstChargedRenewal(active)?.price ?? first.price) : first.price;
    const price = formatAmount(charge.amount, charge.currency);
    const cycle = cycleName(sub.billingCycle, intervalOf(sub));
    const share = sub.shared && `your share ${formatAmount(sub.shared.myShare, charge.currency)}`;
    const details = [
      cancelled ? 'Canceled: no further renewals.' : `Renews: ${cycle.toLowerCase()}, ${price} each time.`,
      sub.shared ? `Shared by ${sub.shared.payerName}, who pays it: ${share}.` : '',
      first.trial && sub.trialEndsAt ? `Free trial until ${sub.trialEndsAt}.` : '',
      sub.endsAt ? `Ends: ${sub.endsAt}.` : '',
      sub.description ?? '',
    ];
    events.push(
      event({
        uid: `${sub.id}@${host}`,
        date: start,
        rule: renewalRule(sub),
        extraDates: shortMonthRenewals(own),
        summary: `${sub.name} — ${share ?? price}`,
        description: details.filter(Boolean).join('\n'),
        sub,
        cancelled,
        alarms: alarms.renewal,
      }),
    );
  }
  // The day events are the schedule's: its trial end and its cancel-by day that still matters today.
  const trialEnd = scheduledTrialEnd(own);
  if (trialEnd) {
    events.push(
      event({
        uid: `${sub.id}-trial-end@${host}`,
        date: trialEnd.date,
        summary: `${sub.name}: free trial ends`,
        description: `The free trial of ${sub.name} ends today; the next renewal is charged.`,
        sub,
        alarms: alarms.trialEnd,
      }),
    );
  }
  const cancelBy = sub.shared ? null : scheduledCancelBy(own, today);
  if (cancelBy) {
    events.push(
      event({
        uid: `${sub.id}-cancel-by@${host}`,
        date: cancelBy.date,
        summary: `${sub.name}: last day to cancel`,
        description: sub.cancelByDate
          ? `The last day to cancel ${sub.name}, as you set it.`
          : `${sub.name} needs ${inDays(sub.noticeDays ?? 0)} of notice: cancel by today to avoid the renewal on ${renewalAfterCancelBy(sub, cancelBy.date)}.`,
        sub,
        alarms: alarms.cancelBy,
      }),
    );
  }
  return events;
}

export interface FeedInput {
  subscriptions: readonly FeedSubscription[];
  owner: FeedOwner;
  /** The product's host name: the domain of every UID. */
  host: string;
  /** The owner's calendar date now: the cancel-by day shown is the one that still matters then (issue 35 §2.5). */
  today: string;
}

/** The whole feed as iCalendar text, subscriptions in the order given. */
export function calendarFeed({ subscriptions, owner, host, today }: FeedInput): string {
  const refresh = `PT${FEED_REFRESH_HOURS}H`;
  return serializeComponent({
    name: 'VCALENDAR',
    lines: [
      `PRODID:${FEED_PRODUCT_ID}`,
      'VERSION:2.0',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      `X-WR-CALNAME:${escapeText('Subscriptions')}`,
      `X-WR-CALDESC:${escapeText('Renewals, trial ends and cancel-by days from Subscription Tracker')}`,
      `REFRESH-INTERVAL;VALUE=DURATION:${refresh}`,
      `X-PUBLISHED-TTL:${refresh}`,
    ],
    components: subscriptions.flatMap((sub) => subscriptionEvents(sub, host, owner, today)),
  });
}
