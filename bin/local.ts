import { CannotStart } from '../local/cannot-start.js';
import { IN_MEMORY } from '../local/data-folder.js';
import { DEFAULT_OWNER, startLocalStack } from '../local/stack.js';

/**
 * `npm start` (and `npm run dev`, with `--dev`): the whole product on one machine, no cloud account
 * (DESIGN §6). HOST (127.0.0.1), PORT (3000), SES_PORT (8005), DATA_DIR (.data, or :memory:), OWNER_USERNAME /
 * OWNER_PASSWORD / OWNER_EMAIL. It prints "Subscription Tracker is running." once the app answers;
 * SIGINT or SIGTERM stops everything (DynamoDB Local's Java too) and exits 0.
 */
const owner = {
  username: process.env.OWNER_USERNAME || DEFAULT_OWNER.username,
  password: process.env.OWNER_PASSWORD || DEFAULT_OWNER.password,
  email: process.env.OWNER_EMAIL || DEFAULT_OWNER.email,
};
const dataDir = process.env.DATA_DIR || '.data';

try {
  const stack = await startLocalStack({
    host: process.env.HOST || undefined,
    port: Number(process.env.PORT || 3000),
    sesPort: Number(process.env.SES_PORT || 8005),
    dataDir,
    owner,
    dev: process.argv.includes('--dev'),
  });
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the local stack…`);
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  console.log(`
  Subscription Tracker is running.

    App       ${stack.url}
    Mailbox   ${stack.mailboxUrl}   (every e-mail the app sends lands here; JSON at ${stack.mailboxUrl}/store)
    Data      ${dataDir === IN_MEMORY ? 'in memory (nothing is kept)' : dataDir}

${
  stack.localRoutes
    ? `    /_local   open to the network: requests need the header X-Local-Routes-Token: ${stack.localRoutes.file ? `<the contents of ${stack.localRoutes.file}>` : stack.localRoutes.token}\n\n`
    : ''
}  First owner (local use only): ${owner.username} / ${process.env.OWNER_PASSWORD ? '(OWNER_PASSWORD)' : owner.password}
  Press Ctrl-C to stop.
`);
} catch (error) {
  // One sentence, never a stack trace: the known causes say what to do; anything else says what failed.
  const reason = error instanceof CannotStart ? error.message : `the local stack failed: ${(error as Error).message.split('\n')[0]}`;
  console.error(`\nCannot start: ${reason}\n`);
  process.exit(1);
}
