import { parseArgs } from 'node:util';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';

/**
 * `npm run reminders -- [--date YYYY-MM-DD]` (or `--date=YYYY-MM-DD`): runs the reminders once for a date.
 * - Against the running local stack (default): POST http://localhost:$PORT/_local/reminders?date=…, which
 *   runs the planner, waits until the in-process queue has drained through the sender, and answers the
 *   summary (due, queued, sent, failed, skipped, retried, deadLettered, …).
 * - Against a deployed stack (LocalStack, where the scheduler never fires, or AWS):
 *   `--function <name>` invokes the reminder planner (the stack's ReminderFunctionName output) and prints
 *   its summary (due, queued, …); the sender then sends from the queue (AWS_ENDPOINT_URL=http://localhost:4566
 *   for LocalStack).
 */
// Node 20 is supported here (DESIGN §9); the SDK's notice about Node 22 is noise for this command.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

function parseOptions(): { date?: string; function?: string } {
  try {
    return parseArgs({
      options: { date: { type: 'string' }, function: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    // node:util names the unknown option, the missing value or the stray argument.
    console.error(`${(error as Error).message.replace(/\.$/, '')}. Usage: npm run reminders -- [--date YYYY-MM-DD] [--function <name>]`);
    process.exit(1);
  }
}

const options = parseOptions();
const date = options.date ?? new Date().toISOString().slice(0, 10);
if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) {
  console.error(`--date must be written YYYY-MM-DD (got "${date}")`);
  process.exit(1);
}
const functionName = options.function ?? process.env.REMINDERS_FUNCTION_NAME;

try {
  let summary: unknown;
  if (functionName) {
    const lambda = new LambdaClient({});
    const answer = await lambda.send(
      new InvokeCommand({ FunctionName: functionName, Payload: new TextEncoder().encode(JSON.stringify({ date })) }),
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
    const response = await fetch(`${base}/_local/reminders?date=${date}`, { method: 'POST' });
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
