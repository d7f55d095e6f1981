import { checkEmulator } from '../../scripts/emulator.js';

/**
 * `npm run test:deploy` walks the product deployed to the emulator at AWS_ENDPOINT_URL: without one that
 * answers it stops before any test, with the one sentence that says what is missing.
 */
export default async function setup(): Promise<void> {
  try {
    await checkEmulator();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
