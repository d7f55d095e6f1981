import { config } from '../lib/chassis/config.js';
import { withInvocation } from '../lib/chassis/invocation.js';
import { createLogger } from '../lib/chassis/log.js';
import { type RatesRun, runDailyRates } from '../lib/rates/daily-rates.js';
import { ECB_DAILY_RATES_URL } from '../lib/rates/ecb.js';

/**
 * The daily rates function (issue 24 §1): started once a day by an EventBridge Scheduler schedule
 * (infra/rates.ts), it stores the day's ECB reference rates, per USD, from the ECB's daily file (or the
 * file ECB_RATES_URL names). When nothing
 * could be stored (no answer within 5 s, an error status, a malformed or partial file) it logs why and
 * fails the run: Lambda retries it, the function's errors alarm fires, and every total keeps using the
 * newest day stored before. The local stack runs the same run at `POST /_local/rates?source=<url>`.
 */
config();

/** The rates file's URL: the ECB's unless ECB_RATES_URL names another, checked at cold start like the rest of the configuration. */
export function ratesSourceUrl(env: NodeJS.ProcessEnv = process.env): string {
  const value = env.ECB_RATES_URL ?? ECB_DAILY_RATES_URL;
  let protocol = '';
  try {
    protocol = new URL(value).protocol;
  } catch {
    protocol = '';
  }
  if (protocol !== 'https:' && protocol !== 'http:') {
    throw new Error(`Invalid function configuration: ECB_RATES_URL: must be an http(s) URL (got "${value}")`);
  }
  return value;
}

const sourceUrl = ratesSourceUrl();

async function storeTodaysRates(): Promise<RatesRun> {
  const log = createLogger({ function: 'daily-rates' });
  const run = await runDailyRates(sourceUrl);
  if (run.outcome === 'kept') {
    log.error('rates not stored: the newest stored day stays in use', { problem: run.problem, source: sourceUrl });
    throw new Error(`Rates not stored: ${run.problem}`);
  }
  log.info('rates', { ...run });
  return run;
}

/** The Lambda handler: its log lines carry the invocation's request id and trace id. */
export const handler = withInvocation(storeTodaysRates);
