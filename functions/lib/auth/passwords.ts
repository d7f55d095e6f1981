import { createHash, randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { config, PRODUCTION_BCRYPT_COST } from '../chassis/config.js';

/**
 * bcrypt reads only the first 72 bytes; hashing a SHA-256 digest of the password first makes every
 * character of a long password count.
 */
const prehash = (password: string) => createHash('sha256').update(password, 'utf8').digest('base64');

/** New hashes are made at the configured cost (BCRYPT_COST: 10 in production, 4 in the test stacks). */
export async function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(prehash(password), config().BCRYPT_COST);
}

/**
 * A bcrypt hash at PRODUCTION_BCRYPT_COST of a random password nobody kept. A constant, not hashed
 * at module load, where it cost every cold start of the auth and bootstrap functions ~70 ms.
 */
const PRODUCTION_DUMMY_HASH = `$2b$${PRODUCTION_BCRYPT_COST}$1CezdyCaWKaFGWq1UasMPOHj2g/6685s0fjJynt4OFxMDnH6zh0w6`;
let otherCostDummyHash: Promise<string> | undefined;

/**
 * The hash compared against when there is no password to check, so an unknown username takes as
 * long as a wrong password: at the configured cost, as new hashes are. Hashed once, on first use,
 * only when the cost is not production's.
 */
export function dummyHash(): Promise<string> {
  const cost = config().BCRYPT_COST;
  if (cost === PRODUCTION_BCRYPT_COST) return Promise.resolve(PRODUCTION_DUMMY_HASH);
  otherCostDummyHash ??= bcrypt.hash(randomBytes(32).toString('base64'), cost);
  return otherCostDummyHash;
}

/**
 * Whether `password` is the one `hash` was made from, at the cost stored in the hash (so a hash made
 * at another cost still verifies). Without a hash (an unknown user, an account with no password) the
 * password is compared against dummyHash(), taking the same time, and refused.
 */
export async function verifyPassword(password: string, hash: string | undefined): Promise<boolean> {
  if (!hash) {
    await bcrypt.compare(prehash(password), await dummyHash());
    return false;
  }
  return bcrypt.compare(prehash(password), hash);
}
