import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { BACKUP_CODE_COUNT } from '../../shared/api/twofa.js';
import { BACKUP_CODE_ALPHABET, normalizeBackupCode } from '../../shared/domain/two-factor.js';
import { nowSeconds } from '../lib/chassis/clock.js';

/** The issuer authenticator apps show beside the username. */
export const TOTP_ISSUER = 'Subscription Tracker';
/** One 30-second step either side of now (SPEC §9: ±30 s). */
const EPOCH_TOLERANCE_SECONDS = 30;
/** 20 random bytes (32 base32 characters); otplib refuses secrets under 16 bytes. */
const SECRET_BYTES = 20;

export const newTotpSecret = () => generateSecret({ length: SECRET_BYTES });

export const otpauthUri = (username: string, secret: string) => generateURI({ issuer: TOTP_ISSUER, label: username, secret });

/** The time step a 6-digit code belongs to, within one step of now, or null when it is not the secret's code. */
export async function totpStep(secret: string, code: string): Promise<number | null> {
  const result = await verify({ secret, token: code, epoch: nowSeconds(), epochTolerance: EPOCH_TOLERANCE_SECONDS });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** One backup code, XXXX-XXXX over the alphabet without lookalikes, from the CSPRNG without modulo bias. */
export function newBackupCode(): string {
  const characters = Array.from({ length: 8 }, () => BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)]);
  return `${characters.slice(0, 4).join('')}-${characters.slice(4).join('')}`;
}

/** BACKUP_CODE_COUNT distinct codes. */
export function newBackupCodes(count = BACKUP_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(newBackupCode());
  return [...codes];
}

/** What is stored of a backup code: the SHA-256 of its normalized form (the codes carry about 40 bits of randomness each). */
export const hashBackupCode = (code: string) => createHash('sha256').update(normalizeBackupCode(code)).digest('hex');
