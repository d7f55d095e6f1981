import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { areaNeeds } from '../infra/area-needs.js';
import { WAF_MANAGED_RULE_GROUPS, WAF_RATE_LIMITS } from '../infra/edge.js';
import { routes } from '../shared/api/index.js';
import {
  type Assumptions,
  COST_USAGE_FILE,
  emailsPerUser,
  type MeasuredUsage,
  type Month,
  monthlyBill,
  type PollVariant,
  pollCallsPerUser,
  type SessionRoute,
  type UnitPrices,
} from './cost-model.js';

/**
 * `npm run cost`: writes docs/COST.md, what the product costs a month at 1,000, 100,000 and
 * 1,000,000 users, from the unit prices and assumptions below and the usage the browser tests
 * measured (docs/cost-usage.json). A unit test fails when the committed doc is stale.
 */
const root = resolve(import.meta.dirname, '..');
export const COST_DOC = join(root, 'docs', 'COST.md');

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
  reminder: { lambdaMemoryMb: 512, durationMs: 60, sqsRequests: 0.3, readUnits: 1, writeUnits: 2 },
  storedKbPerUser: 20,
  avatarShare: 0.2,
  avatarKb: 100,
  secrets: 2,
  // Each rate rule and each managed rule group is billed as a rule.
  wafRules: Object.keys(WAF_RATE_LIMITS).length + WAF_MANAGED_RULE_GROUPS.length,
  alarms: 10,
  dashboards: 1,
};

export const USER_COUNTS = [1_000, 100_000, 1_000_000];
const SESSION_CHECK = `${routes.me.method} ${routes.me.path}`;

export function readUsage(): MeasuredUsage {
  return JSON.parse(readFileSync(COST_USAGE_FILE, 'utf8')) as MeasuredUsage;
}

/** The measured session's calls, each with its area function's memory (infra/area-needs.ts). */
export function sessionRoutes(usage: MeasuredUsage): SessionRoute[] {
  const defs = Object.values(routes);
  return Object.entries(usage.session).map(([route, callsPerSession]) => {
    const def = defs.find((d) => `${d.method} ${d.path}` === route);
    if (!def) throw new Error(`docs/cost-usage.json names ${route}, which is not a route of the contract`);
    return { route, callsPerSession, memoryMb: areaNeeds(def.area).memorySize };
  });
}

/** The session check before issue 11 and after each of its three changes. */
export function pollVariants(usage: MeasuredUsage, assumptions: Assumptions): PollVariant[] {
  const before: PollVariant = {
    name: 'Before: every 5 s, hidden or not, 200, in the 1024 MB auth function',
    route: SESSION_CHECK,
    callsPerVisibleMinute: assumptions.pollCallsPerMinuteBefore,
    callsPerHiddenMinute: assumptions.pollCallsPerMinuteBefore,
    callsPerReturn: 0,
    notModifiedShare: 0,
    memoryMb: areaNeeds('auth').memorySize,
    profile: assumptions.sessionBefore,
  };
  const visibleOnly = {
    ...before,
    name: '+ only while the tab is visible, at once on return',
    callsPerVisibleMinute: usage.poll.callsPerVisibleMinute,
    callsPerHiddenMinute: usage.poll.callsPerHiddenMinute,
    callsPerReturn: 1,
  };
  const notModified = { ...visibleOnly, name: '+ 304 for an unchanged user', notModifiedShare: usage.poll.notModifiedShare };
  const small = {
    ...notModified,
    name: `+ its own ${areaNeeds('session').memorySize} MB function (now)`,
    memoryMb: areaNeeds('session').memorySize,
    profile: assumptions.profiles.session,
  };
  return [before, visibleOnly, notModified, small];
}

/** Whole dollars from $100, cents from $1, else four decimals. */
export function dollars(value: number): string {
  if (value >= 100) return `$${Math.round(value).toLocaleString('en-US')}`;
  return `$${value.toFixed(value >= 1 ? 2 : 4)}`;
}
const count = (value: number) => Math.round(value).toLocaleString('en-US');
const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
const row = (cells: Array<string | number>) => `| ${cells.join(' | ')} |`;

function table(head: string[], rows: Array<Array<string | number>>): string {
  return [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');
}

export function costText(usage: MeasuredUsage = readUsage(), prices = PRICES, assumptions = ASSUMPTIONS): string {
  const screens = sessionRoutes(usage);
  const variants = pollVariants(usage, assumptions);
  const now = variants[variants.length - 1];
  const months = (poll: PollVariant, a = assumptions): Month[] =>
    USER_COUNTS.map((users) => monthlyBill({ prices, assumptions: a, users, sessionRoutes: screens, poll }));
  const current = months(now);
  const services = [...new Set(current.flatMap((month) => Object.keys(month.bill)))].sort(
    (a, b) => (current.at(-1)?.bill[b] ?? 0) - (current.at(-1)?.bill[a] ?? 0),
  );
  const callsPerSession = screens.reduce((sum, r) => sum + r.callsPerSession, 0);
  const hiddenMinutes = assumptions.tabOpenMinutesPerSession - assumptions.visibleMinutesPerSession;
  const middle = USER_COUNTS.indexOf(100_000);
  const p = prices;

  return `# What a user costs

<!-- Generated by \`npm run cost\` (scripts/cost.ts) from docs/cost-usage.json; a unit test fails when it is stale. -->

The monthly AWS bill at 1,000, 100,000 and 1,000,000 users, computed from AWS's public on-demand
unit prices for **${p.region}** as published in **${p.asOf}** (free tiers not subtracted), the API calls the
browser tests count in Chromium (\`test/e2e/session-cost.spec.ts\` writes them to
\`docs/cost-usage.json\` and fails when the committed file differs), and the assumptions stated below.
Change a price or an assumption in \`scripts/cost.ts\` and run \`npm run cost\`.

## Monthly cost

${table(
  ['Service', ...USER_COUNTS.map((users) => `${count(users)} users`)],
  [
    ...services.map((service) => [service, ...current.map((month) => dollars(month.bill[service] ?? 0))]),
    ['**Total**', ...current.map((month) => `**${dollars(month.total)}**`)],
    ['Per user', ...current.map((month, i) => dollars(month.total / USER_COUNTS[i]))],
    ['API requests', ...current.map((month) => count(month.apiRequests))],
    ['Session poll share', ...current.map((month) => percent(month.pollCost / month.total))],
  ],
)}

## The session poll, before and after

SPEC §4 checks the session every 5 s while signed in. It used to poll in hidden tabs too, answer
every check with the whole user, and run in the 1024 MB function sized for bcrypt. Now it polls only
while the tab is visible (and asks at once when the tab is shown again), answers an unchanged user
304 with no body, and runs in its own ${areaNeeds('session').memorySize} MB function. At 100,000 users:

${table(
  ['Session check', 'Checks per user a month', 'Poll cost a month', 'Total bill', 'Poll share'],
  variants.map((poll) => {
    const month = months(poll)[middle];
    return [
      poll.name,
      count(pollCallsPerUser(assumptions, poll)),
      dollars(month.pollCost),
      dollars(month.total),
      percent(month.pollCost / month.total),
    ];
  }),
)}

The poll's share depends on how long tabs stay open. With ${assumptions.visibleMinutesPerSession} visible minutes a session, at 100,000 users:

${table(
  ['Tab open a session', 'Poll share before', 'Poll share now', 'Bill before', 'Bill now'],
  [assumptions.visibleMinutesPerSession, 30, 120, 480].map((minutes) => {
    const a = { ...assumptions, tabOpenMinutesPerSession: minutes };
    const [before, after] = [months(variants[0], a)[middle], months(now, a)[middle]];
    return [
      `${minutes} min`,
      percent(before.pollCost / before.total),
      percent(after.pollCost / after.total),
      dollars(before.total),
      dollars(after.total),
    ];
  }),
)}

## Usage measured in the browser

A typical session — sign in, the dashboard, add a subscription, edit it, save a preference in
Settings, back to the dashboard — makes ${callsPerSession} API calls (counted in a tab the page sees as hidden, so the 5 s poll stays out of them):

${table(
  ['Route', 'Calls a session', 'Function memory'],
  screens.map((r) => [`\`${r.route}\``, r.callsPerSession, `${r.memoryMb} MB`]),
)}

The session poll, over one visible and one hidden minute: ${usage.poll.callsPerVisibleMinute} checks per visible minute,
${percent(usage.poll.notModifiedShare)} of them answered 304, ${usage.poll.callsPerHiddenMinute} per hidden minute, one when the tab is shown again.

## Assumptions

- ${assumptions.sessionsPerUserPerMonth} sessions per user a month; a session's tab is visible ${assumptions.visibleMinutesPerSession} minutes and open ${assumptions.tabOpenMinutesPerSession} (${hiddenMinutes} hidden, shown again ${assumptions.returnsPerSession} times).
- Each session loads the site once: ${assumptions.staticRequestsPerSession} CloudFront requests, ${assumptions.staticKbPerSession} KB (the hashed assets are cached by the browser).
- A call's billed Lambda time, table units and answer size (estimates, not measured):

${table(
  ['Call', 'Billed ms', 'Read units', 'Write units', 'Answer KB'],
  [
    ['Session check, 200', session.durationMs, session.readUnits, session.writeUnits, session.responseKb],
    ['Session check, 304', session.durationMs, session.readUnits, session.writeUnits, assumptions.profiles.sessionNotModified.responseKb],
    [
      'Session check in the 1024 MB function (before)',
      assumptions.sessionBefore.durationMs,
      assumptions.sessionBefore.readUnits,
      0,
      assumptions.sessionBefore.responseKb,
    ],
    ...Object.entries(assumptions.profiles.byRoute).map(([route, profile]) => [
      `\`${route}\``,
      profile.durationMs,
      profile.readUnits,
      profile.writeUnits,
      profile.responseKb,
    ]),
    ['Other reads (GET)', read.durationMs, read.readUnits, read.writeUnits, read.responseKb],
    [
      'Other writes',
      assumptions.profiles.write.durationMs,
      assumptions.profiles.write.readUnits,
      assumptions.profiles.write.writeUnits,
      assumptions.profiles.write.responseKb,
    ],
  ],
)}

- E-mails: ${assumptions.subscriptionsPerUser} subscriptions per user, ${percent(assumptions.monthlySubscriptionShare)} renewing monthly and the rest yearly, ${assumptions.remindersPerRenewal} reminders per renewal (SPEC §9: 10 and 3 days before by default; the 1-day reminder is off by default), and one verification e-mail per new user (${percent(assumptions.newUserShare)} of users a month): ${emailsPerUser(assumptions).toFixed(2)} e-mails per user a month.
- Each reminder e-mail: ${assumptions.reminder.durationMs} ms of a ${assumptions.reminder.lambdaMemoryMb} MB function, ${assumptions.reminder.sqsRequests} SQS requests (send, receive and delete in batches of 10), ${assumptions.reminder.readUnits} read and ${assumptions.reminder.writeUnits} write units.
- ${assumptions.storedKbPerUser} KB stored per user in the table (with point-in-time recovery); ${percent(assumptions.avatarShare)} of users keep a ${assumptions.avatarKb} KB avatar.
- ${assumptions.logKbPerInvocation} KB of logs per invocation; ${percent(assumptions.coldStartShare)} of invocations start an instance and read the session key.
- Fixed: ${assumptions.secrets} secrets, one WAF web ACL with ${assumptions.wafRules} rules, ${assumptions.alarms} alarms and ${assumptions.dashboards} dashboard.
- Not counted: free tiers, EventBridge Scheduler (one-time membership schedules), CloudFront's transfer to the API origin,
  log storage. "Before" polls hidden tabs every 5 s as the code asked; Chromium throttles timers in tabs hidden
  for more than 5 minutes to about once a minute, so the real "before" was somewhat lower for long-hidden tabs.

## Unit prices (${p.region}, ${p.asOf})

${table(
  ['Service', 'Price'],
  [
    ['Lambda (Arm)', `$${p.lambda.perGbSecond} per GB-second, $${p.lambda.perMillionRequests} per million requests`],
    [
      'API Gateway (HTTP API)',
      p.apiGateway.perMillionRequests
        .map((t) => `$${t.price} per million${t.upTo ? ` up to ${count(t.upTo / 1e6)} million` : ' beyond'}`)
        .join(', '),
    ],
    [
      'DynamoDB (on demand)',
      `$${p.dynamoDb.perMillionReadUnits} per million read units, $${p.dynamoDb.perMillionWriteUnits} per million write units, $${p.dynamoDb.perGbMonth} per GB-month, $${p.dynamoDb.pitrPerGbMonth} per GB-month of point-in-time recovery`,
    ],
    ['CloudFront', `$${p.cloudFront.perMillionRequests} per million HTTPS requests, $${p.cloudFront.perGbOut} per GB out (first 10 TB)`],
    ['S3', `$${p.s3.perGbMonth} per GB-month, $${p.s3.perThousandPuts} per 1,000 PUTs`],
    ['SES', `$${p.ses.perThousandEmails} per 1,000 e-mails`],
    [
      'Secrets Manager',
      `$${p.secretsManager.perSecretMonth} per secret a month, $${p.secretsManager.perTenThousandCalls} per 10,000 calls`,
    ],
    [
      'CloudWatch',
      `$${p.cloudWatch.perGbLogsIngested} per GB of logs ingested, $${p.cloudWatch.perAlarmMonth} per alarm a month, $${p.cloudWatch.perDashboardMonth} per dashboard a month`,
    ],
    [
      'WAF',
      `$${p.waf.perWebAclMonth} per web ACL a month, $${p.waf.perRuleMonth} per rule a month, $${p.waf.perMillionRequests} per million requests`,
    ],
    ['SQS (standard)', `$${p.sqs.perMillionRequests} per million requests`],
  ],
)}
`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(COST_DOC, costText());
  console.log(`Wrote ${COST_DOC}`);
}
