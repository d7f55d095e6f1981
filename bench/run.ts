/**
 * `npm run bench` (DESIGN §8): the product's speed, measured on the local stack as ratios in one run.
 * Prints tables; not a test. Sections: API latency and throughput next to its floor (a bare Node server
 * making the same DynamoDB calls) and to fixed JSON, DynamoDB calls per request, Lambda bundle sizes and
 * module-init times, the admin's users list with 10,000 users, the reminder job at 10,000 and 100,000 subscriptions, and the web bundles and the
 * dashboard with 1,000 subscriptions.
 */
import { startLocalStack } from '../local/stack.js';
import { adminUsersSection } from './admin-users.js';
import { apiSection } from './api.js';
import { firstPaintSection } from './first-paint.js';
import { lambdaSection } from './lambda.js';
import { reminderSection } from './reminders.js';
import { webSection } from './web.js';

/** `--only=api,users,lambda,reminders,web,paint` runs just those sections. */
const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const runs = (section: 'api' | 'users' | 'lambda' | 'reminders' | 'web' | 'paint') => !only || only.includes(section);

async function main() {
  const stack = await startLocalStack({ port: 0, sesPort: 0, dataDir: ':memory:', quiet: true, hourlyReminders: false });
  const api = (path: string) => `${stack.url}${path}`;
  const { dynamo } = await import('../functions/lib/chassis/aws.js');
  const dynamoCalls = { count: 0 };
  dynamo().middlewareStack.add(
    (next) => async (args) => {
      dynamoCalls.count++;
      return next(args);
    },
    { step: 'initialize', name: 'benchCallCounter' },
  );

  try {
    if (runs('api')) await apiSection(api, dynamoCalls);
    if (runs('users')) await adminUsersSection(api);
    if (runs('lambda')) await lambdaSection();
    if (runs('reminders')) await reminderSection(stack);
    if (runs('web')) await webSection(stack.url);
    if (runs('paint')) await firstPaintSection(stack.url);
  } finally {
    await stack.stop();
  }
}

await main();
