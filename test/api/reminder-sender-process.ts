import type { SQSEvent } from 'aws-lambda';
import { handler } from '../../functions/reminders/sender.js';

/**
 * The reminder sender in a process of its own, as Lambda runs it: one SQS event on stdin, the partial
 * batch response on stdout. test/api/reminder-pipeline.test.ts kills it with SIGKILL mid-batch.
 */
let input = '';
for await (const chunk of process.stdin) input += chunk;
process.stdout.write(JSON.stringify(await handler(JSON.parse(input) as SQSEvent)));
