import { createHash } from 'node:crypto';
import bcrypt from 'bcryptjs';

/** bcrypt cost 10 ≈ 85 ms a hash here (DESIGN §9). */
const COST = 10;

/**
 * bcrypt reads only the first 72 bytes; hashing a SHA-256 digest of the password first makes every
 * character of a long password count.
 */
const prehash = (password: string) => createHash('sha256').update(password, 'utf8').digest('base64');

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(prehash(password), COST);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(prehash(password), hash);
}

/**
 * A hash to compare against when the user does not exist, so timing does not reveal usernames: a
 * bcrypt hash at COST of a random password nobody kept. A constant, not hashed at module load,
 * where it cost every cold start of the auth and bootstrap functions ~70 ms.
 */
export const DUMMY_HASH = `$2b$${COST}$1CezdyCaWKaFGWq1UasMPOHj2g/6685s0fjJynt4OFxMDnH6zh0w6`;
