import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { BILLING_CURRENCIES, FIXED_RATES, type RateTable } from '../../../shared/domain/currency.js';
import { dynamo } from '../chassis/aws.js';
import { nowMs } from '../chassis/clock.js';
import { tableName } from '../chassis/table.js';
import { RATES_DAY_PREFIX, RATES_PARTITION } from './keys.js';

/**
 * The rates totals are converted with (issue 24 §1): the newest stored day of reference rates
 * (functions/lib/rates/daily-rates.ts stores one a day), or the fixed table while none is stored (the
 * local stack, a new deployment). A function instance keeps what it read for RATES_CACHE_MS: a new day
 * reaches every instance within the hour, at one Query an hour per instance.
 */

export const RATES_CACHE_MS = 60 * 60 * 1000;

/**
 * A stored day as a rate table for every billing currency: the day's rate where it has one, the fixed
 * rate for a currency the ECB does not quote (shared/domain/currency.ts `rateOf` does the same).
 */
export function rateTableOf(day: { date: string; perUsd: Record<string, number> }): RateTable {
  const perUsd: Record<string, number> = {};
  for (const { code } of BILLING_CURRENCIES) {
    const stored = Number(day.perUsd[code]);
    perUsd[code] = stored > 0 && Number.isFinite(stored) ? stored : FIXED_RATES.perUsd[code];
  }
  return { date: day.date, perUsd };
}

/** The newest stored day as a rate table, or null when none is stored: one Query of one item. */
export async function newestStoredRates(): Promise<RateTable | null> {
  const { Items } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :day)',
      ExpressionAttributeValues: { ':pk': RATES_PARTITION, ':day': RATES_DAY_PREFIX },
      ScanIndexForward: false,
      Limit: 1,
    }),
  );
  const day = Items?.[0] as { date?: unknown; perUsd?: unknown } | undefined;
  if (!day || typeof day.date !== 'string' || !day.perUsd || typeof day.perUsd !== 'object') return null;
  return rateTableOf({ date: day.date, perUsd: day.perUsd as Record<string, number> });
}

let cached: { rates: RateTable; until: number } | undefined;

/** The rates in use: the newest stored day, else the fixed table; read at most once per RATES_CACHE_MS. */
export async function currentRates(): Promise<RateTable> {
  if (cached && nowMs() < cached.until) return cached.rates;
  const rates = (await newestStoredRates()) ?? FIXED_RATES;
  cached = { rates, until: nowMs() + RATES_CACHE_MS };
  return rates;
}

/** Reads the stored rates again at the next use: the local stack's rates run, which shares this process. */
export function forgetCurrentRates(): void {
  cached = undefined;
}
