import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { startLocalStack } from '../../local/stack.js';

/**
 * Builds the web app from the current sources and starts one embedded local stack for the browser
 * tests: in memory, on free ports. The tests find it through E2E_BASE_URL and E2E_MAILBOX_URL.
 */
export default async function globalSetup() {
  await build({ configFile: fileURLToPath(new URL('../../web/vite.config.ts', import.meta.url)), logLevel: 'warn' });
  const stack = await startLocalStack({ port: 0, sesPort: 0, dataDir: ':memory:', quiet: true });
  process.env.E2E_BASE_URL = stack.url;
  process.env.E2E_MAILBOX_URL = stack.mailboxUrl;
  return () => stack.stop();
}
