import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { LOCAL_ROUTES_TOKEN_FILE, LOCAL_ROUTES_TOKEN_HEADER } from '../local/data-folder.js';

/**
 * `npm run reminders -- [--at <ISO instant> | --date YYYY-MM-DD]`: runs the reminders once, as of an instant
 * (issue 25 §1: the hours up to it at each user's hour and time zone; `--at 2031-03-01T20:00:00Z`) or for a
 * date (that day at 08:00 UTC, the daily run's instant before the run became hourly); now by default.
 * - Against the running local stack (default): POST http://localhost:$PORT/_local/reminders?at=…, which
 *   runs the planner, waits until the in-process queue has drained through the sender, and answers the
 *   summary (due, queued, sent, failed, skipped, retried, deadLettered, …).
 * - Against a deployed stack (LocalStack, where the scheduler never fires, or AWS):
 *   `--function <name>` invokes the reminder planner (the stack's ReminderFunctionName output) and prints
 *   its summary (due, queued, …); the sender then sends from the queue (AWS_ENDPOINT_URL=http://localhost:4566
 *   for LocalStack).
 */
// Node 20 is supported here (DESIGN §9); the SDK's notice about Node 22 is noise for this command.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

function parseOptions(): { date?: string; at?: string; function?: string } {
  try {
    return parseArgs({
      options: { date: { type: 'string' }, at: { type: 'string' }, function: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    // node:util names the unknown option, the missing value or the stray argument.
    console.error(
      `${(error as Error).message.replace(/\.$/, '')}. Usage: npm run reminders -- [--at <ISO instant> | --date YYYY-MM-DD] [--function <name>]`,
    );
    process.exit(1);
  }
}

const options = parseOptions();
if (options.date !== undefined && options.at !== undefined) {
  console.error('Give --at or --date, not both');
  process.exit(1);
}
if (options.date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(options.date)) {
  console.error(`--date must be written YYYY-MM-DD (got "${options.date}")`);
  process.exit(1);
}
if (options.at !== undefined && (!/^\d{4}-\d{2}-\d{2}T/.test(options.at) || Number.isNaN(Date.parse(options.at)))) {
  console.error(`--at must be an ISO 8601 instant, e.g. 2031-03-01T20:00:00Z (got "${options.at}")`);
  process.exit(1);
}
/** The run's instant or date: the planner's event, and the local route's query. */
const run: { at: string } | { date: string } =
  options.date !== undefined ? { date: options.date } : { at: new Date(options.at ?? Date.now()).toISOString() };
const functionName = options.function ?? process.env.REMINDERS_FUNCTION_NAME;

/**
 * The local routes' token (issue 34 §14), which a stack that HOST opens to the network requires: LOCAL_ROUTES_TOKEN,
 * else the data folder's file (DATA_DIR, `.data` by default), if any. A stack on loopback ignores it.
 */
function localRoutesHeaders(): Record<string, string> {
  const file = join(process.env.DATA_DIR || '.data', LOCAL_ROUTES_TOKEN_FILE);
  const token = process.env.LOCAL_ROUTES_TOKEN || (existsSync(file) ? readFileSync(file, 'utf8').trim() : '');
  return token ? { [LOCAL_ROUTES_TOKEN_HEADER]: token } : {};
}

try {
  let summary: unknown;
  if (functionName) {
    const lambda = new LambdaClient({});
    const answer = await lambda.send(
      new InvokeCommand({ FunctionName: functionName, Payload: new TextEncoder().encode(JSON.stringify(run)) }),
    );
    const payload = answer.Payload ? new TextDecoder().decode(answer.Payload) : '';
    if (answer.FunctionError) {
      // Lambda answers `{ errorType, errorMessage, trace }` for a function that threw.
      let reason = payload;
      try {
        reason = (JSON.parse(payload) as { errorMessage?: string }).errorMessage ?? payload;
      } catch {
        // not JSON: keep the raw payload
      }
      throw new Error(`The reminder planner failed: ${reason}`);
    }
    summary = JSON.parse(payload);
  } else {
    const base = process.env.APP_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
    const response = await fetch(`${base}/_local/reminders?${new URLSearchParams(run)}`, { method: 'POST', headers: localRoutesHeaders() });
    summary = await response.json();
    if (!response.ok) throw new Error((summary as { message?: string }).message ?? `HTTP ${response.status}`);
  }
  console.log(JSON.stringify(summary, null, 2));
} catch (error) {
  const message = (error as Error).message;
  if (/fetch failed|ECONNREFUSED/.test(message) || (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED') {
    console.error('The local stack is not running: start it with `npm start` (or pass --function <name> for a deployed stack).');
  } else {
    console.error(`Reminder run failed: ${message}`);
  }
  process.exit(1);
}
