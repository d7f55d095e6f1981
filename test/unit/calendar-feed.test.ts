import { describe, expect, it } from 'vitest';
import { occurrences } from '../../shared/domain/billing.js';
import { calendarFeed, type FeedSubscription, feedAlarms, renewalRule, seriesStart } from '../../shared/domain/calendar-feed.js';
import { addMonthsClamped } from '../../shared/domain/dates.js';
import { CRLF, escapeText, foldLine, serializeComponent } from '../../shared/domain/icalendar.js';
import { parseCalendar } from '../fixtures/icalendar.js';

/** Issue 25 §3: the calendar feed's RFC 5545 text and its recurrence rules. */

const octets = (line: string) => Buffer.byteLength(line, 'utf8');

describe('iCalendar text (RFC 5545 §3.1, §3.3.11)', () => {
  it('escapes backslash, semicolon, comma and line breaks in TEXT', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
    expect(escapeText('bell\u0007 and\ttab')).toBe('bell and\ttab');
  });

  it('folds at 75 octets, continuation lines starting with a space, never inside a multi-byte character', () => {
    const name = `SUMMARY:${'Ünïcödé 日本語 🎬 '.repeat(12)}`;
    const folded = foldLine(name);
    const lines = folded.split(CRLF);
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(octets(line)).toBeLessThanOrEqual(75);
    for (const line of lines.slice(1)) expect(line.startsWith(' ')).toBe(true);
    // Unfolding gives the line back, character for character (no replacement characters from split bytes).
    expect(lines.map((line, i) => (i === 0 ? line : line.slice(1))).join('')).toBe(name);
    // A line of ASCII is cut at exactly 75 octets.
    const ascii = foldLine('X'.repeat(200)).split(CRLF);
    expect(ascii.map(octets)).toEqual([75, 75, 52]);
  });

  it('ends every line with CRLF and has no bare LF', () => {
    const text = serializeComponent({ name: 'VCALENDAR', lines: ['VERSION:2.0'], components: [{ name: 'VEVENT', lines: ['UID:x'] }] });
    expect(text).toBe('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:x\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n');
    expect(text.replaceAll(CRLF, '')).not.toMatch(/[\r\n]/);
  });
});

/** The owner's day the feed is served on. */
const TODAY = '2026-11-29';

const sub = (fields: Partial<FeedSubscription>): FeedSubscription => ({
  id: '6f1c2a4e-0000-4000-8000-000000000001',
  name: 'Netflix',
  description: '',
  amount: 15.99,
  currency: 'USD',
  dueDate: '2027-01-31',
  billingCycle: 'monthly',
  status: 'active',
  updatedAt: '2026-11-28T10:00:00.000Z',
  ...fields,
});

describe('the renewal rule matches the app’s own occurrences for 24 months', () => {
  const cases: Array<[string, Partial<FeedSubscription>, string]> = [
    ['monthly on the 31st', { dueDate: '2027-01-31' }, 'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=-1'],
    ['monthly on the 30th', { dueDate: '2027-01-30' }, 'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=30'],
    ['monthly on the 29th', { dueDate: '2027-01-29' }, 'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=29'],
    ['monthly on the 15th', { dueDate: '2027-01-15' }, 'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=15'],
    ['anchored on the 31st, due on 28 Feb', { dueDate: '2027-02-28', anchorDay: 31 }, 'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=-1'],
    ['yearly on 29 Feb', { dueDate: '2028-02-29', billingCycle: 'yearly' }, 'FREQ=YEARLY;INTERVAL=1;BYMONTH=2;BYMONTHDAY=-1'],
    ['yearly on 31 Mar', { dueDate: '2027-03-31', billingCycle: 'yearly' }, 'FREQ=YEARLY;INTERVAL=1;BYMONTH=3;BYMONTHDAY=31'],
    [
      'yearly, anchored on the 31st, in April',
      { dueDate: '2027-04-30', anchorDay: 31, billingCycle: 'yearly' },
      'FREQ=YEARLY;INTERVAL=1;BYMONTH=4;BYMONTHDAY=30',
    ],
    ['weekly', { dueDate: '2027-01-05', billingCycle: 'weekly' }, 'FREQ=WEEKLY;INTERVAL=1'],
    ['every 4 weeks', { dueDate: '2027-01-05', billingCycle: 'weekly', cycleInterval: 4 }, 'FREQ=WEEKLY;INTERVAL=4'],
    ['every 3 months on the 31st', { dueDate: '2027-01-31', cycleInterval: 3 }, 'FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=-1'],
    ['quarterly on the 30th', { dueDate: '2027-05-30', billingCycle: 'quarterly' }, 'FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=30'],
    [
      'monthly on the 31st until an end date',
      { dueDate: '2027-01-31', endsAt: '2027-09-15' },
      'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=-1;UNTIL=20270915',
    ],
  ];
  for (const [label, fields, rule] of cases) {
    it(label, () => {
      const subscription = sub(fields);
      expect(renewalRule(subscription)).toBe(rule);
      const start = seriesStart(subscription);
      const until = addMonthsClamped(start, 24);
      const [event] = parseCalendar(
        calendarFeed({ subscriptions: [subscription], owner: { role: 'member' }, host: 'example.test', today: TODAY }),
      ).events;
      expect(event?.start).toBe(start);
      expect(event?.occurrencesThrough(until)).toEqual(occurrences(subscription, start, until));
    });
  }
});

describe('renewals on the 29th or 30th in February', () => {
  it('are listed as RDATEs on February’s last day for ten years, and ical.js gives the app’s dates for all of them', () => {
    const subscription = sub({ dueDate: '2027-01-30' });
    const start = seriesStart(subscription);
    const until = addMonthsClamped(start, 120);
    const [event] = parseCalendar(
      calendarFeed({ subscriptions: [subscription], owner: { role: 'member' }, host: 'example.test', today: TODAY }),
    ).events;
    expect(event?.occurrencesThrough(until)).toEqual(occurrences(subscription, start, until));
    expect(event?.occurrencesThrough(until)).toContain('2028-02-29');
    expect(event?.occurrencesThrough(until)).toContain('2029-02-28');
  });
});

describe('the feed’s events', () => {
  const text = calendarFeed({
    subscriptions: [
      sub({ name: 'Café, Crème; & more', description: 'Line one\nLine two', revision: 4, trialEndsAt: '2027-01-10', noticeDays: 7 }),
      sub({ id: '6f1c2a4e-0000-4000-8000-000000000002', name: 'Gym', status: 'canceled', dueDate: '2027-02-01' }),
      sub({ id: '6f1c2a4e-0000-4000-8000-000000000003', name: 'Gone', status: 'deleted' }),
    ],
    owner: { role: 'premium', notify3Days: false, notify1Day: true },
    host: 'example.test',
    today: TODAY,
  });
  const calendar = parseCalendar(text);

  it('is a published calendar with a name and a refresh hint', () => {
    expect(calendar.property('version')).toBe('2.0');
    expect(calendar.property('method')).toBe('PUBLISH');
    expect(calendar.property('calscale')).toBe('GREGORIAN');
    expect(calendar.property('x-wr-calname')).toBe('Subscriptions');
    expect(text).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT6H\r\n');
    expect(text).toContain('X-PUBLISHED-TTL:PT6H\r\n');
  });

  it('has a series per subscription, a trial-end and a cancel-by event, none for a deleted one', () => {
    expect(calendar.events.map((e) => [e.uid, e.start, e.status, e.sequence])).toEqual([
      ['6f1c2a4e-0000-4000-8000-000000000001@example.test', '2027-01-31', 'CONFIRMED', 4],
      ['6f1c2a4e-0000-4000-8000-000000000001-trial-end@example.test', '2027-01-10', 'CONFIRMED', 4],
      ['6f1c2a4e-0000-4000-8000-000000000001-cancel-by@example.test', '2027-01-24', 'CONFIRMED', 4],
      ['6f1c2a4e-0000-4000-8000-000000000002@example.test', '2027-02-01', 'CANCELLED', 0],
    ]);
    expect(calendar.events.every((e) => e.allDay)).toBe(true);
  });

  it('keeps names and descriptions as typed (escaping undone by the parser) with the price in force', () => {
    expect(calendar.events[0]?.summary).toBe('Café, Crème; & more — $15.99');
    expect(calendar.events[0]?.description).toContain('Line one\nLine two');
  });

  it('alarms as the user’s reminders: 10 days and 1 day here; none on a canceled series', () => {
    expect(calendar.events[0]?.alarmDays).toEqual([10, 1]);
    expect(calendar.events[1]?.alarmDays).toEqual([10, 1]);
    expect(calendar.events[3]?.alarmDays).toEqual([]);
    expect(text).toContain('TRIGGER;VALUE=DURATION:-P10D\r\n');
  });
});

describe('a trial that ends on the due date (issue 35 §2.1)', () => {
  it('has its trial-end event on that day beside the first renewal, as the README promises', () => {
    const calendar = parseCalendar(
      calendarFeed({
        subscriptions: [sub({ name: 'ChatGPT Plus', amount: 20, dueDate: '2026-12-01', trialEndsAt: '2026-12-01' })],
        owner: { role: 'member' },
        host: 'example.test',
        today: TODAY,
      }),
    );
    expect(calendar.events.map((e) => [e.uid, e.start, e.summary])).toEqual([
      ['6f1c2a4e-0000-4000-8000-000000000001@example.test', '2026-12-01', 'ChatGPT Plus — $20.00'],
      ['6f1c2a4e-0000-4000-8000-000000000001-trial-end@example.test', '2026-12-01', 'ChatGPT Plus: free trial ends'],
    ]);
  });
});

describe('a subscription shared with the feed’s owner (issue 26)', () => {
  const calendar = parseCalendar(
    calendarFeed({
      subscriptions: [
        sub({ name: 'Family plan', amount: 17.99, currency: 'EUR', noticeDays: 7, shared: { payerName: 'pat', myShare: 5.99 } }),
      ],
      owner: { role: 'member' },
      host: 'example.test',
      today: TODAY,
    }),
  );

  it('names the owner’s share and who pays, and has no cancel-by day (only the payer cancels)', () => {
    expect(calendar.events.map((e) => e.uid)).toEqual(['6f1c2a4e-0000-4000-8000-000000000001@example.test']);
    expect(calendar.events[0]?.summary).toBe('Family plan — your share €5.99');
    expect(calendar.events[0]?.description).toContain('Renews: monthly, €17.99 each time.\nShared by pat, who pays it: your share €5.99.');
  });
});

describe("a feed's alarms are the reminders the user gets (SPEC §9, issue 35 §2.6)", () => {
  const none = {};
  it('are 10 and 3 days by default, 1 day only for paid tiers that turned it on', () => {
    expect(feedAlarms(none, { role: 'member' }).renewal).toEqual(['-P10D', '-P3D']);
    expect(feedAlarms(none, { role: 'member', notify1Day: true }).renewal).toEqual(['-P10D', '-P3D']);
    expect(feedAlarms(none, { role: 'vip', notify1Day: true })).toEqual({
      renewal: ['-P10D', '-P3D', '-P1D'],
      trialEnd: ['-P10D', '-P3D', '-P1D'],
      cancelBy: ['-P10D', '-P3D', '-P1D'],
    });
    expect(feedAlarms(none, { role: 'premium', notify10Days: false, notify3Days: false }).renewal).toEqual([]);
  });

  it("follow a VIP's rules: the subscription's own, else the account's, each event its own lead times", () => {
    const rule = (event: 'renewal' | 'trialEnd', offset: number, unit: 'days' | 'weeks' | 'hours') => ({
      event,
      offset,
      unit,
      channels: ['email'],
    });
    const vip = { role: 'vip', reminderRules: [rule('renewal', 2, 'days'), rule('trialEnd', 12, 'hours')] };
    // The VIP: rules '30 days' and '1 week' on a subscription got alarms at 10 and 3 days.
    const own = { reminderRules: [rule('renewal', 1, 'weeks'), rule('renewal', 30, 'days')] };
    expect(feedAlarms(own, vip)).toEqual({ renewal: ['-P30D', '-P1W'], trialEnd: [], cancelBy: [] });
    expect(feedAlarms(none, vip)).toEqual({ renewal: ['-P2D'], trialEnd: ['-PT12H'], cancelBy: [] });
    // On the day itself.
    expect(feedAlarms({ reminderRules: [rule('renewal', 0, 'days')] }, vip).renewal).toEqual(['PT0S']);
    // Shared with the owner: the owner's rules, not the payer's.
    expect(feedAlarms({ ...own, shared: { payerName: 'pat', myShare: 5 } }, vip).renewal).toEqual(['-P2D']);
    // A member's stored rules (a paid term that ended) are not used.
    expect(feedAlarms(own, { ...vip, role: 'member' }).renewal).toEqual(['-P10D', '-P3D']);
  });

  it("are in the feed as each event's VALARMs", () => {
    const text = calendarFeed({
      subscriptions: [sub({ reminderRules: [{ event: 'renewal', offset: 30, unit: 'days', channels: ['email'] }] })],
      owner: { role: 'vip' },
      host: 'example.test',
      today: TODAY,
    });
    expect(parseCalendar(text).events[0]?.alarmDays).toEqual([30]);
  });
});

describe('the cancel-by day the feed shows is the one that still matters (issue 35 §2.5)', () => {
  const cancelBy = (subscription: FeedSubscription) =>
    parseCalendar(
      calendarFeed({ subscriptions: [subscription], owner: { role: 'member' }, host: 'example.test', today: TODAY }),
    ).events.find((e) => e.uid.includes('-cancel-by@'));

  it('after the due date’s deadline has passed, the one before the renewal after it', () => {
    // Due 15 Dec, 30 days' notice, served on 29 Nov: 15 Nov has passed; 16 Dec is the last day for 15 Jan.
    const event = cancelBy(sub({ dueDate: '2026-12-15', noticeDays: 30 }));
    expect(event?.start).toBe('2026-12-16');
    expect(event?.description).toBe('Netflix needs 30 days of notice: cancel by today to avoid the renewal on 2027-01-15.');
  });

  it('a date the user gave as a date, as given', () => {
    const event = cancelBy(
      sub({ name: 'FitX', dueDate: '2026-12-09', billingCycle: 'weekly', cycleInterval: 4, cancelByDate: '2027-06-30' }),
    );
    expect(event?.start).toBe('2027-06-30');
    expect(event?.description).toBe('The last day to cancel FitX, as you set it.');
  });
});
