/**
 * The four steps of a Secrets Manager rotation (createSecret, setSecret, testSecret, finishSecret)
 * for the key that signs session tokens: a random value that no other system holds, so setting it
 * anywhere is nothing and testing it is checking its shape. Secrets Manager calls each step with the
 * new version's id (`token`) and retries a step that failed, so every step may run more than once.
 */

export type RotationStep = 'createSecret' | 'setSecret' | 'testSecret' | 'finishSecret';

/** Length of a new key: the same as the key the stack first generates (infra/secrets.ts). */
export const SIGNING_KEY_LENGTH = 64;
/** The functions refuse a shorter key (functions/lib/auth/jwt.ts). */
const MINIMUM_KEY_LENGTH = 32;

/** What the steps need of Secrets Manager (functions/rotation/handler.ts gives the real one). */
export interface RotationStore {
  /** Whether rotation is on, and the stages of each version by version id. */
  describe(): Promise<{ rotationEnabled: boolean; versions: Record<string, string[]> }>;
  /** The value of a version in a stage, or undefined when that version is not in that stage. */
  valueOf(versionId: string, stage: 'AWSPENDING'): Promise<string | undefined>;
  /** A random string of letters and digits. */
  randomKey(length: number): Promise<string>;
  /** Stores `value` as version `versionId` in stage AWSPENDING. */
  putPending(versionId: string, value: string): Promise<void>;
  /** Moves AWSCURRENT from `fromVersionId` to `toVersionId` (Secrets Manager makes the former AWSPREVIOUS). */
  makeCurrent(toVersionId: string, fromVersionId: string): Promise<void>;
}

export async function rotate(step: RotationStep, token: string, store: RotationStore): Promise<string> {
  const { rotationEnabled, versions } = await store.describe();
  if (!rotationEnabled) throw new Error('Rotation is not enabled on the signing key secret');
  const stages = versions[token];
  if (!stages) throw new Error(`Version ${token} is not a version of the signing key secret`);
  if (stages.includes('AWSCURRENT')) return 'already current';
  if (!stages.includes('AWSPENDING')) throw new Error(`Version ${token} is not pending rotation`);

  switch (step) {
    case 'createSecret': {
      if (await store.valueOf(token, 'AWSPENDING')) return 'pending key exists';
      await store.putPending(token, await store.randomKey(SIGNING_KEY_LENGTH));
      return 'created pending key';
    }
    case 'setSecret':
      // The key lives only in this secret: the functions read it from here.
      return 'nothing to set';
    case 'testSecret': {
      const pending = await store.valueOf(token, 'AWSPENDING');
      if (!pending || pending.length < MINIMUM_KEY_LENGTH) throw new Error('The pending key is missing or too short');
      return 'pending key is usable';
    }
    case 'finishSecret': {
      const current = Object.entries(versions).find(([, versionStages]) => versionStages.includes('AWSCURRENT'))?.[0];
      if (!current) throw new Error('The signing key secret has no current version');
      await store.makeCurrent(token, current);
      return 'pending key is current';
    }
    default:
      throw new Error(`Unknown rotation step ${String(step)}`);
  }
}
