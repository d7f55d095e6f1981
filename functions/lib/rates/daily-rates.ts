import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../chassis/aws.js';
import { nowIso, tableName } from '../chassis/table.js';
import { MAX_ECB_FILE_BYTES, MalformedRates, parseEcbRates, type RatesDay, ratesPerUsd } from './ecb.js';
import { rateKeys } from './keys.js';

/**
 * The daily rates run (issue 24 §1): fetch the ECB's reference rates, turn them into rates per USD and
 * store the day as one item (`RATES` / `DAY#<date>`). A day is one item written once: a failed fetch,
 * an error answer, a slow or malformed file stores nothing, so the newest stored day stays in use.
 */

/** How long the ECB may take to answer (issue 24 §1: a short timeout). */
export const ECB_FETCH_TIMEOUT_MS = 5_000;

/** Where the rates came from, stored with them. */
export const ECB_SOURCE = 'ECB';

/** A day's rates as stored. */
export interface StoredRatesDay extends RatesDay {
  source: string;
  storedAt: string;
}

export type RatesRun =
  | { outcome: 'stored' | 'unchanged'; date: string; currencies: number }
  /** Nothing stored: the newest stored day stays in use. */
  | { outcome: 'kept'; problem: string };

/** Fetches and reads the file at `url`; throws with what went wrong. */
export async function fetchEcbRates(url: string, timeoutMs = ECB_FETCH_TIMEOUT_MS): Promise<RatesDay> {
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/xml, text/xml' } });
  if (!response.ok) throw new Error(`the ECB answered ${response.status}`);
  const text = await response.text();
  if (Buffer.byteLength(text, 'utf8') > MAX_ECB_FILE_BYTES) throw new MalformedRates(`the file is over ${MAX_ECB_FILE_BYTES} bytes`);
  return ratesPerUsd(parseEcbRates(text));
}

/** Stores a day once: the same day fetched again (weekends, holidays, a retry) changes nothing. */
export async function storeRatesDay(day: RatesDay): Promise<'stored' | 'unchanged'> {
  const item: StoredRatesDay = { ...day, source: ECB_SOURCE, storedAt: nowIso() };
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...rateKeys.ratesDay(day.date), ...item },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return 'stored';
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return 'unchanged';
    throw error;
  }
}

/** One run: the day stored, or why nothing was (a table error throws). */
export async function runDailyRates(url: string): Promise<RatesRun> {
  let day: RatesDay;
  try {
    day = await fetchEcbRates(url);
  } catch (error) {
    const problem =
      error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
        ? `no answer within ${ECB_FETCH_TIMEOUT_MS / 1000} s`
        : error instanceof MalformedRates
          ? `malformed rates: ${error.message}`
          : error instanceof Error
            ? `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}`
            : String(error);
    return { outcome: 'kept', problem };
  }
  const outcome = await storeRatesDay(day);
  return { outcome, date: day.date, currencies: Object.keys(day.perUsd).length };
}
