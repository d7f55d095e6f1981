import { DEFAULT_OWNER, startLocalStack } from '../local/stack.js';
import { MissingRequirement } from '../local/requirements.js';

/**
 * `npm start`: the whole product on one machine, no cloud account (DESIGN §6).
 * PORT (3000), SES_PORT (8005), DATA_DIR (.data, or :memory:), OWNER_USERNAME / OWNER_PASSWORD / OWNER_EMAIL.
 */
const owner = {
  username: process.env.OWNER_USERNAME || DEFAULT_OWNER.username,
  password: process.env.OWNER_PASSWORD || DEFAULT_OWNER.password,
  email: process.env.OWNER_EMAIL || DEFAULT_OWNER.email,
};
const dataDir = process.env.DATA_DIR || '.data';

try {
  const stack = await startLocalStack({
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
    Data      ${dataDir === ':memory:' ? 'in memory (nothing is kept)' : dataDir}

  First owner (local use only): ${owner.username} / ${process.env.OWNER_PASSWORD ? '(OWNER_PASSWORD)' : owner.password}
  Press Ctrl-C to stop.
`);
} catch (error) {
  if (error instanceof MissingRequirement || (error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`\nCannot start: ${(error as Error).message}\n`);
  } else {
    console.error('\nCannot start the local stack:', error);
  }
  process.exit(1);
}
