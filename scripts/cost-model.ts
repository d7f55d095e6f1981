import { join, resolve } from 'node:path';

/**
 * What a user costs (docs/COST.md): the arithmetic, from unit prices, the usage the browser tests
 * count (docs/cost-usage.json, test/e2e/session-cost.spec.ts) and stated assumptions. Pure: the
 * prices, the usage and each function's memory come in as arguments (scripts/cost-inputs.ts and cost-usage.ts give them).
 */

export const COST_USAGE_FILE = join(resolve(import.meta.dirname, '..'), 'docs', 'cost-usage.json');

/** What test/e2e/session-cost.spec.ts measures in Chromium. */
export interface MeasuredUsage {
  /** Every /api call of one typical session (sign in, dashboard, add and edit a subscription, a setting), by route: `GET /api/subscriptions`. */
  session: Record<string, number>;
  poll: {
    /** Session checks (GET /api/auth/me) per minute the tab is visible. */
    callsPerVisibleMinute: number;
    /** The share of those answered 304 (an unchanged user). */
    notModifiedShare: number;
    /** Session checks per minute the tab is hidden. */
    callsPerHiddenMinute: number;
  };
}

/** A price that falls with volume: each tier's price applies up to its `upTo` (the last tier has none). */
export type Tiers = Array<{ upTo?: number; price: number }>;

export interface UnitPrices {
  region: string;
  /** When these prices were read from AWS's public price pages. */
  asOf: string;
  lambda: { perGbSecond: number; perMillionRequests: number };
  /** HTTP API, per million requests. */
  apiGateway: { perMillionRequests: Tiers };
  dynamoDb: { perMillionReadUnits: number; perMillionWriteUnits: number; perGbMonth: number; pitrPerGbMonth: number };
  cloudFront: { perMillionRequests: number; perGbOut: number };
  s3: { perGbMonth: number; perThousandPuts: number };
  ses: { perThousandEmails: number };
  secretsManager: { perSecretMonth: number; perTenThousandCalls: number };
  cloudWatch: { perGbLogsIngested: number; perAlarmMonth: number; perDashboardMonth: number };
  waf: { perWebAclMonth: number; perRuleMonth: number; perMillionRequests: number };
  sqs: { perMillionRequests: number };
}

/** What one call to a route uses, beyond the API Gateway, CloudFront and WAF request it is. */
export interface CallProfile {
  /** Billed Lambda time. */
  durationMs: number;
  readUnits: number;
  writeUnits: number;
  /** Bytes sent to the browser (headers included). */
  responseKb: number;
}

export interface Assumptions {
  sessionsPerUserPerMonth: number;
  /** Minutes a session's tab is visible. */
  visibleMinutesPerSession: number;
  /** Minutes a session's tab stays open, visible or hidden. */
  tabOpenMinutesPerSession: number;
  /** Times a session's tab is shown again after being hidden (each asks for the user once). */
  returnsPerSession: number;
  /** The session poll before this change: every 5 s, hidden or not. */
  pollCallsPerMinuteBefore: number;
  /** What a call uses: by route (`GET /api/auth/me`), else by method's default. */
  profiles: {
    session: CallProfile;
    sessionNotModified: CallProfile;
    byRoute: Record<string, CallProfile>;
    read: CallProfile;
    write: CallProfile;
  };
  /** The session check's profile in the 1 GB auth function it ran in before. */
  sessionBefore: CallProfile;
  /** The static site per session: page and config requests from CloudFront (the hashed assets stay cached in the browser). */
  staticRequestsPerSession: number;
  staticKbPerSession: number;
  /** Lambda log lines per invocation (the chassis's line and the platform's START/END/REPORT). */
  logKbPerInvocation: number;
  /** Share of invocations that start a new instance and read the session key from Secrets Manager. */
  coldStartShare: number;
  subscriptionsPerUser: number;
  /** Share of subscriptions billed monthly (the rest yearly or weekly-like: counted as yearly). */
  monthlySubscriptionShare: number;
  /** Reminder e-mails per renewal (SPEC §9: 10-day and 3-day on by default; 1-day off). */
  remindersPerRenewal: number;
  /** New users per month as a share of all users (each gets one verification e-mail). */
  newUserShare: number;
  /** Per reminder e-mail: planner/sender Lambda time, SQS requests, table units. */
  reminder: { lambdaMemoryMb: number; durationMs: number; sqsRequests: number; readUnits: number; writeUnits: number };
  /**
   * Reminder channels (issue 25 §2): the share of users on VIP or Premium, the enabled channels each keeps,
   * and per channel delivery the sender's time (mostly the provider's answer), SQS requests (the fan-out's
   * send, receive and delete), read units (the channel, the user's channels once per reminder) and write
   * units (the marker's claim and settle, the deliveries log).
   */
  channels: {
    paidShare: number;
    perPaidUser: number;
    delivery: { lambdaMemoryMb: number; durationMs: number; sqsRequests: number; readUnits: number; writeUnits: number };
  };
  /**
   * The reminder planner's hourly runs themselves (issue 25 §1; infra/reminders.ts), apart from the reminders
   * they plan (in `reminder`): runs a month, Lambda time, the read units of the 24 hours' checkpoints and the
   * backfill's item, the write unit of the hour's checkpoint.
   */
  reminderPlanner: { runsPerMonth: number; lambdaMemoryMb: number; durationMs: number; readUnits: number; writeUnits: number };
  /**
   * The logo function (issue 36 §3; infra/logos.ts): each subscription written (a renewal moving its date, an edit)
   * reaches it through the table's stream. Per write: its Lambda time and read units (the subscription, the site's
   * record). A few writes name a site not looked at lately: its page and icons fetched, the icon put in S3, the
   * site's record and the subscription written.
   */
  siteLogos: {
    editsPerSubscriptionPerMonth: number;
    lambdaMemoryMb: number;
    durationMs: number;
    readUnits: number;
    fetchShare: number;
    fetchDurationMs: number;
    fetchWriteUnits: number;
  };
  /** The daily exchange rates run (infra/rates.ts): runs a month, its Lambda time (mostly the ECB's answer), the day's write. */
  dailyRates: { runsPerMonth: number; lambdaMemoryMb: number; durationMs: number; writeUnits: number };
  storedKbPerUser: number;
  avatarShare: number;
  avatarKb: number;
  secrets: number;
  wafRules: number;
  alarms: number;
  dashboards: number;
}

/** Monthly dollars by service. */
export type Bill = Record<string, number>;

/** The cost of `quantity` at tiered prices per `unit`. */
export function tieredCost(quantity: number, tiers: Tiers, unit = 1): number {
  let cost = 0;
  let below = 0;
  for (const tier of tiers) {
    const top = tier.upTo ?? Number.POSITIVE_INFINITY;
    const inTier = Math.max(0, Math.min(quantity, top) - below);
    cost += (inTier / unit) * tier.price;
    below = top;
    if (quantity <= top) break;
  }
  return cost;
}

/** Calls to one Lambda function: how many, its memory, what each uses. */
export interface Calls {
  count: number;
  memoryMb: number;
  profile: CallProfile;
}

/**
 * The usage-driven part of a month's bill for these calls, API Gateway excepted (its price falls with
 * the month's total; `monthlyBill` adds it): CloudFront, WAF, Lambda, DynamoDB, logs, session key reads.
 */
export function callsCost(prices: UnitPrices, assumptions: Assumptions, calls: Calls[]): Bill {
  const bill: Bill = {};
  const add = (service: string, dollars: number) => {
    bill[service] = (bill[service] ?? 0) + dollars;
  };
  for (const { count, memoryMb, profile } of calls) {
    add(
      'CloudFront',
      (count / 1e6) * prices.cloudFront.perMillionRequests + ((count * profile.responseKb) / 1024 ** 2) * prices.cloudFront.perGbOut,
    );
    add('WAF', (count / 1e6) * prices.waf.perMillionRequests);
    add(
      'Lambda',
      (count / 1e6) * prices.lambda.perMillionRequests +
        count * (memoryMb / 1024) * (profile.durationMs / 1000) * prices.lambda.perGbSecond,
    );
    add(
      'DynamoDB',
      (count * profile.readUnits * prices.dynamoDb.perMillionReadUnits +
        count * profile.writeUnits * prices.dynamoDb.perMillionWriteUnits) /
        1e6,
    );
    add('CloudWatch', ((count * assumptions.logKbPerInvocation) / 1024 ** 2) * prices.cloudWatch.perGbLogsIngested);
    add('Secrets Manager', ((count * assumptions.coldStartShare) / 1e4) * prices.secretsManager.perTenThousandCalls);
  }
  return bill;
}

export function sumBills(...bills: Bill[]): Bill {
  const total: Bill = {};
  for (const bill of bills) for (const [service, dollars] of Object.entries(bill)) total[service] = (total[service] ?? 0) + dollars;
  return total;
}

export const billTotal = (bill: Bill): number => Object.values(bill).reduce((sum, dollars) => sum + dollars, 0);

/** How the session is checked: the poll's schedule, its answers, and the function that answers it. */
export interface PollVariant {
  name: string;
  /** The session check's route: `GET /api/auth/me`. Its calls from the screens are answered the same way. */
  route: string;
  callsPerVisibleMinute: number;
  callsPerHiddenMinute: number;
  /** Calls when the tab is shown again. */
  callsPerReturn: number;
  notModifiedShare: number;
  memoryMb: number;
  /** The profile of a 200 answer (a 304 uses the assumptions' sessionNotModified, with this duration). */
  profile: CallProfile;
}

/** Session checks per user per month under a poll variant. */
export function pollCallsPerUser(assumptions: Assumptions, poll: PollVariant): number {
  const hiddenMinutes = Math.max(0, assumptions.tabOpenMinutesPerSession - assumptions.visibleMinutesPerSession);
  const perSession =
    assumptions.visibleMinutesPerSession * poll.callsPerVisibleMinute +
    hiddenMinutes * poll.callsPerHiddenMinute +
    (hiddenMinutes > 0 ? assumptions.returnsPerSession * poll.callsPerReturn : 0);
  return perSession * assumptions.sessionsPerUserPerMonth;
}

/** The poll's calls for `users` users: the 200 answers and the 304 ones. */
export function pollCalls(assumptions: Assumptions, poll: PollVariant, users: number): Calls[] {
  const count = pollCallsPerUser(assumptions, poll) * users;
  const notModified = { ...assumptions.profiles.sessionNotModified, durationMs: poll.profile.durationMs };
  return [
    { count: count * (1 - poll.notModifiedShare), memoryMb: poll.memoryMb, profile: poll.profile },
    { count: count * poll.notModifiedShare, memoryMb: poll.memoryMb, profile: notModified },
  ];
}

/** One route's calls in a session: its area's memory, its profile. */
export interface SessionRoute {
  route: string;
  callsPerSession: number;
  memoryMb: number;
}

export function profileOf(assumptions: Assumptions, route: string): CallProfile {
  return assumptions.profiles.byRoute[route] ?? (route.startsWith('GET ') ? assumptions.profiles.read : assumptions.profiles.write);
}

/** Renewals of one subscription a month. */
const renewalsPerSubscription = (assumptions: Assumptions) =>
  assumptions.monthlySubscriptionShare * 1 + (1 - assumptions.monthlySubscriptionShare) / 12;

/** E-mails per user per month: the reminders of their subscriptions' renewals, and the verification of new users. */
export function emailsPerUser(assumptions: Assumptions): number {
  return (
    assumptions.subscriptionsPerUser * renewalsPerSubscription(assumptions) * assumptions.remindersPerRenewal + assumptions.newUserShare
  );
}

/** Subscriptions written per user per month (each renewal moves one's date; edits), each reaching the logo function. */
export function subscriptionWritesPerUser(assumptions: Assumptions): number {
  return assumptions.subscriptionsPerUser * (renewalsPerSubscription(assumptions) + assumptions.siteLogos.editsPerSubscriptionPerMonth);
}

/** Channel deliveries per user per month: each reminder e-mail of a paid user goes to their enabled channels too. */
export function channelDeliveriesPerUser(assumptions: Assumptions): number {
  const reminders = emailsPerUser(assumptions) - assumptions.newUserShare;
  return reminders * assumptions.channels.paidShare * assumptions.channels.perPaidUser;
}

export interface MonthInput {
  prices: UnitPrices;
  assumptions: Assumptions;
  users: number;
  sessionRoutes: SessionRoute[];
  poll: PollVariant;
}

export interface Month {
  bill: Bill;
  total: number;
  /** What the session poll alone adds (its calls, priced with the rest: API Gateway at the month's tier). */
  pollCost: number;
  apiRequests: number;
}

/** A month's bill for `users` users, by service, and the session poll's part of it. */
export function monthlyBill({ prices, assumptions, users, sessionRoutes, poll }: MonthInput): Month {
  const sessions = users * assumptions.sessionsPerUserPerMonth;
  const screenCalls = sessionRoutes.map(({ route, callsPerSession, memoryMb }) => ({
    count: callsPerSession * sessions,
    memoryMb: route === poll.route ? poll.memoryMb : memoryMb,
    profile: route === poll.route ? poll.profile : profileOf(assumptions, route),
  }));
  const polls = pollCalls(assumptions, poll, users);
  const emails = emailsPerUser(assumptions) * users;
  const { reminder, reminderPlanner, dailyRates, siteLogos } = assumptions;
  const subscriptionWrites = subscriptionWritesPerUser(assumptions) * users;
  const siteFetches = subscriptionWrites * siteLogos.fetchShare;
  const deliveries = channelDeliveriesPerUser(assumptions) * users;
  const delivery = assumptions.channels.delivery;
  const storedGb = (users * assumptions.storedKbPerUser) / 1024 ** 2;
  const avatarGb = (users * assumptions.avatarShare * assumptions.avatarKb) / 1024 ** 2;
  const staticRequests = sessions * assumptions.staticRequestsPerSession;

  const usage = sumBills(callsCost(prices, assumptions, screenCalls), {
    CloudFront:
      (staticRequests / 1e6) * prices.cloudFront.perMillionRequests +
      ((sessions * assumptions.staticKbPerSession) / 1024 ** 2) * prices.cloudFront.perGbOut,
    WAF:
      (staticRequests / 1e6) * prices.waf.perMillionRequests + prices.waf.perWebAclMonth + assumptions.wafRules * prices.waf.perRuleMonth,
    SES: (emails / 1000) * prices.ses.perThousandEmails,
    SQS: ((emails * reminder.sqsRequests + deliveries * delivery.sqsRequests) / 1e6) * prices.sqs.perMillionRequests,
    Lambda:
      emails * (reminder.lambdaMemoryMb / 1024) * (reminder.durationMs / 1000) * prices.lambda.perGbSecond +
      subscriptionWrites *
        ((siteLogos.lambdaMemoryMb / 1024) * (siteLogos.durationMs / 1000) * prices.lambda.perGbSecond +
          prices.lambda.perMillionRequests / 1e6) +
      siteFetches * (siteLogos.lambdaMemoryMb / 1024) * (siteLogos.fetchDurationMs / 1000) * prices.lambda.perGbSecond +
      deliveries * (delivery.lambdaMemoryMb / 1024) * (delivery.durationMs / 1000) * prices.lambda.perGbSecond +
      dailyRates.runsPerMonth *
        ((dailyRates.lambdaMemoryMb / 1024) * (dailyRates.durationMs / 1000) * prices.lambda.perGbSecond +
          prices.lambda.perMillionRequests / 1e6) +
      reminderPlanner.runsPerMonth *
        ((reminderPlanner.lambdaMemoryMb / 1024) * (reminderPlanner.durationMs / 1000) * prices.lambda.perGbSecond +
          prices.lambda.perMillionRequests / 1e6),
    DynamoDB:
      (emails * (reminder.readUnits * prices.dynamoDb.perMillionReadUnits + reminder.writeUnits * prices.dynamoDb.perMillionWriteUnits)) /
        1e6 +
      (deliveries *
        (delivery.readUnits * prices.dynamoDb.perMillionReadUnits + delivery.writeUnits * prices.dynamoDb.perMillionWriteUnits)) /
        1e6 +
      (dailyRates.runsPerMonth * dailyRates.writeUnits * prices.dynamoDb.perMillionWriteUnits) / 1e6 +
      (subscriptionWrites * siteLogos.readUnits * prices.dynamoDb.perMillionReadUnits) / 1e6 +
      (siteFetches * siteLogos.fetchWriteUnits * prices.dynamoDb.perMillionWriteUnits) / 1e6 +
      (reminderPlanner.runsPerMonth *
        (reminderPlanner.readUnits * prices.dynamoDb.perMillionReadUnits +
          reminderPlanner.writeUnits * prices.dynamoDb.perMillionWriteUnits)) /
        1e6 +
      storedGb * (prices.dynamoDb.perGbMonth + prices.dynamoDb.pitrPerGbMonth),
    S3:
      avatarGb * prices.s3.perGbMonth +
      ((users * assumptions.newUserShare * assumptions.avatarShare + siteFetches) / 1000) * prices.s3.perThousandPuts,
    'Secrets Manager': assumptions.secrets * prices.secretsManager.perSecretMonth,
    CloudWatch: assumptions.alarms * prices.cloudWatch.perAlarmMonth + assumptions.dashboards * prices.cloudWatch.perDashboardMonth,
  });
  const pollUsage = callsCost(prices, assumptions, polls);

  const screenRequests = screenCalls.reduce((sum, calls) => sum + calls.count, 0);
  const pollRequests = polls.reduce((sum, calls) => sum + calls.count, 0);
  const apiGateway = (requests: number) => tieredCost(requests, prices.apiGateway.perMillionRequests, 1e6);
  const allApi = apiGateway(screenRequests + pollRequests);
  const bill = sumBills(usage, pollUsage, { 'API Gateway': allApi });
  const pollCost = billTotal(pollUsage) + allApi - apiGateway(screenRequests);
  return { bill, total: billTotal(bill), pollCost, apiRequests: screenRequests + pollRequests };
}
