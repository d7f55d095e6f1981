import { WAF_MANAGED_RULE_GROUPS, WAF_RATE_LIMITS } from '../infra/edge.js';
import type { Assumptions, UnitPrices } from './cost-model.js';

/** What `npm run cost` prices (scripts/cost.ts): the unit prices and the assumptions docs/COST.md states. */

/** AWS's public on-demand prices, us-east-1, without the free tier. */
export const PRICES: UnitPrices = {
  region: 'us-east-1',
  asOf: '2025-06',
  lambda: { perGbSecond: 0.0000133334, perMillionRequests: 0.2 },
  apiGateway: { perMillionRequests: [{ upTo: 300e6, price: 1.0 }, { price: 0.9 }] },
  dynamoDb: { perMillionReadUnits: 0.125, perMillionWriteUnits: 0.625, perGbMonth: 0.25, pitrPerGbMonth: 0.2 },
  cloudFront: { perMillionRequests: 1.0, perGbOut: 0.085 },
  s3: { perGbMonth: 0.023, perThousandPuts: 0.005 },
  ses: { perThousandEmails: 0.1 },
  secretsManager: { perSecretMonth: 0.4, perTenThousandCalls: 0.05 },
  cloudWatch: { perGbLogsIngested: 0.5, perAlarmMonth: 0.1, perDashboardMonth: 3.0 },
  waf: { perWebAclMonth: 5.0, perRuleMonth: 1.0, perMillionRequests: 0.6 },
  sqs: { perMillionRequests: 0.4 },
};

const read = { durationMs: 40, readUnits: 4, writeUnits: 0, responseKb: 3 };
const session = { durationMs: 30, readUnits: 2, writeUnits: 0, responseKb: 1.5 };

export const ASSUMPTIONS: Assumptions = {
  sessionsPerUserPerMonth: 10,
  visibleMinutesPerSession: 5,
  tabOpenMinutesPerSession: 60,
  returnsPerSession: 2,
  pollCallsPerMinuteBefore: 12,
  profiles: {
    // The chassis's BatchGetItem of the user and the session (strongly consistent, under 4 KB each).
    session,
    sessionNotModified: { ...session, responseKb: 0.5 },
    byRoute: {
      // bcrypt at 1024 MB; the throttle, the session and the activity log written.
      'POST /api/auth/login': { durationMs: 300, readUnits: 4, writeUnits: 6, responseKb: 2 },
      // The rates in use, kept by each instance for an hour (functions/lib/rates/stored-rates.ts): no read on most calls.
      'GET /api/rates': { durationMs: 10, readUnits: 0, writeUnits: 0, responseKb: 1.5 },
    },
    read,
    write: { durationMs: 60, readUnits: 3, writeUnits: 4, responseKb: 1.5 },
  },
  sessionBefore: { ...session, durationMs: 12 },
  staticRequestsPerSession: 4,
  staticKbPerSession: 60,
  logKbPerInvocation: 0.7,
  coldStartShare: 0.005,
  subscriptionsPerUser: 8,
  monthlySubscriptionShare: 0.8,
  remindersPerRenewal: 2,
  newUserShare: 0.05,
  // Writes: the marker's claim and settle, the deliveries log's item (issue 25 §2), and the reminder's index
  // entry, written with its subscription's change (issue 25 §1). Reads: the entry (the owner's read is shared).
  reminder: { lambdaMemoryMb: 512, durationMs: 60, sqsRequests: 0.3, readUnits: 1, writeUnits: 4 },
  // Hourly runs (issue 25 §1): 730 a month at 512 MB, a few hundred ms when the hour holds nothing; one
  // BatchGetItem of the 24 hours' checkpoints (12 units), the backfill's item and the hour's checkpoint written.
  reminderPlanner: { runsPerMonth: 730, lambdaMemoryMb: 512, durationMs: 300, readUnits: 13, writeUnits: 1 },
  // A fifth of users on VIP or Premium, with two channels each; a channel delivery waits up to a few hundred
  // milliseconds for the provider in the 256 MB sender.
  channels: {
    paidShare: 0.2,
    perPaidUser: 2,
    delivery: { lambdaMemoryMb: 256, durationMs: 400, sqsRequests: 0.3, readUnits: 1.5, writeUnits: 3 },
  },
  // A stream record per subscription written; 1 % of them name a site not looked at for a month or a week (the
  // sites of a million users' subscriptions are far fewer than their subscriptions): its page and up to four icons.
  siteLogos: {
    editsPerSubscriptionPerMonth: 0.2,
    lambdaMemoryMb: 256,
    durationMs: 30,
    readUnits: 1,
    fetchShare: 0.01,
    fetchDurationMs: 2000,
    fetchWriteUnits: 2,
  },
  // One run a day at 256 MB, waiting up to a second for the ECB; the day's item (about 1 KB) is one write.
  dailyRates: { runsPerMonth: 30, lambdaMemoryMb: 256, durationMs: 1000, writeUnits: 1 },
  storedKbPerUser: 20,
  avatarShare: 0.2,
  avatarKb: 100,
  // The session signing key, the two-factor key and the VAPID key (issue 25 §2).
  secrets: 3,
  // Each rate rule and each managed rule group is billed as a rule.
  wafRules: Object.keys(WAF_RATE_LIMITS).length + WAF_MANAGED_RULE_GROUPS.length,
  // Every alarm of the application stack as deployed (test/infra/operations.test.ts counts them).
  alarms: 90,
  dashboards: 1,
};

export const USER_COUNTS = [1_000, 100_000, 1_000_000];
