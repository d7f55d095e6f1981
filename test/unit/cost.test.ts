import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COST_DOC } from '../../scripts/cost.js';
import { ASSUMPTIONS, PRICES } from '../../scripts/cost-inputs.js';
import {
  type Assumptions,
  billTotal,
  callsCost,
  emailsPerUser,
  monthlyBill,
  type PollVariant,
  pollCallsPerUser,
  tieredCost,
  type UnitPrices,
} from '../../scripts/cost-model.js';
import { costText, dollars } from '../../scripts/cost-report.js';
import { pollVariants, readUsage } from '../../scripts/cost-usage.js';

/** The cost model's arithmetic (scripts/cost-model.ts) on round numbers, and docs/COST.md as `npm run cost` writes it. */

const prices: UnitPrices = {
  ...PRICES,
  lambda: { perGbSecond: 0.00001, perMillionRequests: 0.2 },
  apiGateway: { perMillionRequests: [{ upTo: 300e6, price: 1 }, { price: 0.9 }] },
  cloudFront: { perMillionRequests: 1, perGbOut: 0.1 },
  waf: { perWebAclMonth: 5, perRuleMonth: 1, perMillionRequests: 0.6 },
  dynamoDb: { perMillionReadUnits: 0.25, perMillionWriteUnits: 1, perGbMonth: 0.25, pitrPerGbMonth: 0.2 },
  cloudWatch: { perGbLogsIngested: 0.5, perAlarmMonth: 0.1, perDashboardMonth: 3 },
  secretsManager: { perSecretMonth: 0.4, perTenThousandCalls: 0.05 },
};

const profile = { durationMs: 100, readUnits: 2, writeUnits: 1, responseKb: 1024 };
const assumptions: Assumptions = {
  ...ASSUMPTIONS,
  sessionsPerUserPerMonth: 10,
  visibleMinutesPerSession: 5,
  tabOpenMinutesPerSession: 60,
  returnsPerSession: 2,
  logKbPerInvocation: 1024,
  coldStartShare: 0.01,
  subscriptionsPerUser: 6,
  monthlySubscriptionShare: 0.5,
  remindersPerRenewal: 2,
  newUserShare: 0.1,
};

const poll: PollVariant = {
  name: 'test',
  route: 'GET /api/auth/me',
  callsPerVisibleMinute: 12,
  callsPerHiddenMinute: 0,
  callsPerReturn: 1,
  notModifiedShare: 1,
  memoryMb: 256,
  profile,
};

describe('the cost model', () => {
  it('prices tiers up to each tier’s top, and the rest at the next', () => {
    const tiers = [{ upTo: 300e6, price: 1 }, { price: 0.9 }];
    expect(tieredCost(250e6, tiers, 1e6)).toBeCloseTo(250);
    expect(tieredCost(300e6, tiers, 1e6)).toBeCloseTo(300);
    expect(tieredCost(400e6, tiers, 1e6)).toBeCloseTo(390);
    expect(tieredCost(0, tiers, 1e6)).toBe(0);
  });

  it('prices a million calls per service', () => {
    const bill = callsCost(prices, assumptions, [{ count: 1e6, memoryMb: 512, profile }]);
    // $1 for the requests, and 1e6 answers of 1 MB = 976.5625 GB at $0.10.
    expect(bill.CloudFront).toBeCloseTo(1 + 976.5625 * 0.1);
    expect(bill.WAF).toBeCloseTo(0.6);
    // $0.20 for the requests, 1e6 × 0.5 GB × 0.1 s × $0.00001 = $0.50.
    expect(bill.Lambda).toBeCloseTo(0.7);
    expect(bill.DynamoDB).toBeCloseTo(2 * 0.25 + 1 * 1);
    expect(bill['Secrets Manager']).toBeCloseTo(((1e6 * 0.01) / 1e4) * 0.05);
    expect(bill.CloudWatch).toBeCloseTo((1e6 / 1024) * 0.5);
  });

  it('counts the poll’s checks per user: visible minutes, hidden minutes, returns', () => {
    // 10 sessions × (5 visible minutes × 12 + 55 hidden × 0 + 2 returns × 1).
    expect(pollCallsPerUser(assumptions, poll)).toBe(620);
    expect(pollCallsPerUser(assumptions, { ...poll, callsPerHiddenMinute: 12, callsPerReturn: 0 })).toBe(7200);
    // A tab never hidden is never shown again.
    expect(pollCallsPerUser({ ...assumptions, tabOpenMinutesPerSession: 5 }, poll)).toBe(600);
  });

  it('counts e-mails: reminders per renewal of monthly and yearly subscriptions, and verifications', () => {
    // 6 × (0.5 × 1 + 0.5 / 12) × 2 + 0.1.
    expect(emailsPerUser(assumptions)).toBeCloseTo(6 * (0.5 + 0.5 / 12) * 2 + 0.1);
  });

  it('totals the bill, prices API Gateway at the month’s tier and names the poll’s part', () => {
    const users = 1000;
    const input = {
      prices,
      assumptions,
      users,
      sessionRoutes: [{ route: 'GET /api/subscriptions', callsPerSession: 3, memoryMb: 512 }],
      poll,
    };
    const month = monthlyBill(input);
    expect(month.total).toBeCloseTo(billTotal(month.bill));
    expect(month.apiRequests).toBe(3 * 10 * users + 620 * users);
    expect(month.bill['API Gateway']).toBeCloseTo(month.apiRequests / 1e6);
    const withoutPoll = monthlyBill({ ...input, poll: { ...poll, callsPerVisibleMinute: 0, callsPerReturn: 0 } });
    expect(month.pollCost).toBeCloseTo(month.total - withoutPoll.total);
    // The screens' own calls to the session check run where the poll's do: 10,000 calls at 256 MB, 100 ms.
    const noScreens = monthlyBill({ ...input, sessionRoutes: [] });
    const screensAsk = monthlyBill({ ...input, sessionRoutes: [{ route: 'GET /api/auth/me', callsPerSession: 1, memoryMb: 1024 }] });
    expect(screensAsk.bill.Lambda - noScreens.bill.Lambda).toBeCloseTo(10_000 * (0.2 / 1e6 + 0.25 * 0.1 * 0.00001), 10);
  });

  it('shows the poll cheaper after each of its three changes', () => {
    const usage = readUsage();
    const [before, visibleOnly, notModified, small] = pollVariants(usage, ASSUMPTIONS);
    const cost = (variant: PollVariant) =>
      monthlyBill({ prices: PRICES, assumptions: ASSUMPTIONS, users: 100_000, sessionRoutes: [], poll: variant }).pollCost;
    expect(cost(visibleOnly)).toBeLessThan(cost(before));
    expect(cost(notModified)).toBeLessThan(cost(visibleOnly));
    expect(cost(small)).toBeLessThan(cost(notModified));
  });

  it('writes dollars as whole dollars, cents or four decimals', () => {
    expect([dollars(1234.5), dollars(27.7), dollars(0.33294)]).toEqual(['$1,235', '$27.70', '$0.3329']);
  });
});

describe('docs/COST.md', () => {
  it('is what `npm run cost` writes from docs/cost-usage.json (run it after changing prices, assumptions or usage)', () => {
    expect(readFileSync(COST_DOC, 'utf8')).toBe(costText());
  });
});
