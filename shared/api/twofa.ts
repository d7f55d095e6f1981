import * as z from 'zod/mini';
import { ID_PATTERN, type MessageResponse, route } from './contract.js';
import type { User } from './user.js';

/** Messages of two-factor sign-in (SPEC §5, §8). */
export const twoFactorMessages = {
  enabled: '2FA has been enabled successfully!',
  disabled: 'Two-factor authentication has been disabled',
  backupCodesRegenerated: 'New backup codes generated. Your old codes no longer work.',
  verified: 'Two-factor verification successful',
  /** SPEC §8: the dialog's fallback and the server's answer for a wrong or reused code. */
  invalidCode: 'Invalid verification code',
  codeFormat: 'Please enter a 6-digit code',
  backupCodeFormat: 'Please enter a valid backup code',
  setupFailed: 'Failed to generate 2FA setup',
  alreadyEnabled: 'Two-factor authentication is already enabled',
  notEnabled: 'Two-factor authentication is not enabled',
  noSetup: 'Start the two-factor setup first',
  /** The login ticket ran out (5 minutes) or was used up by 5 wrong codes: sign in again. */
  ticketEnded: 'Your sign-in attempt has expired. Please log in again.',
  tooManyCodes: 'Too many incorrect codes. Please log in again.',
  /** SPEC §8: shown when the token could not be stored after a successful code. */
  finishFailed: 'Failed to complete login after 2FA verification',
} as const;

/** Authenticator code: exactly 6 digits (SPEC §5). */
export const AUTHENTICATOR_CODE = /^\d{6}$/;
/**
 * Backup code: XXXX-XXXX, letters and digits, 9 characters (SPEC §5, §9), once normalized
 * (shared/domain/two-factor.ts: case, spaces and dashes do not matter). New codes use no lookalikes.
 */
export const BACKUP_CODE = /^[A-Z0-9]{4}-[A-Z0-9]{4}$/;
export const BACKUP_CODE_COUNT = 10;

import { normalizeBackupCode } from '../domain/two-factor.js';

export { REMEMBERED_DEVICE_DAYS } from '../domain/two-factor.js';

const code = z
  .string({ error: twoFactorMessages.codeFormat })
  .check(z.trim(), z.regex(AUTHENTICATOR_CODE, { error: twoFactorMessages.codeFormat }));

/** POST /2fa/setup: the current password, so that a stolen session alone cannot turn two-factor sign-in on (issue 21). */
export const setupTwoFactorBody = z.object({
  password: z.string({ error: 'Password is required' }).check(z.minLength(1, { error: 'Password is required' }), z.maxLength(1000)),
});

/** POST /2fa/enable: the first code from the authenticator app. */
export const enableTwoFactorBody = z.object({ token: code });

/**
 * POST /2fa/verify (SPEC §7; DESIGN §5): the user id and ticket from the login answer, and either a
 * 6-digit code or a backup code (normalized before the check: any case, with or without its dash) in `token`.
 */
export const verifyTwoFactorBody = z.object({
  userId: z.string({ error: twoFactorMessages.ticketEnded }).check(z.regex(ID_PATTERN, { error: twoFactorMessages.ticketEnded })),
  twoFactorTicket: z
    .string({ error: twoFactorMessages.ticketEnded })
    .check(z.minLength(1, { error: twoFactorMessages.ticketEnded }), z.maxLength(2000)),
  token: z.string({ error: twoFactorMessages.codeFormat }).check(
    z.trim(),
    z.overwrite((value) => (AUTHENTICATOR_CODE.test(value) ? value : normalizeBackupCode(value))),
    z.refine((value: string) => AUTHENTICATOR_CODE.test(value) || BACKUP_CODE.test(value), {
      error: twoFactorMessages.codeFormat,
    }),
  ),
  rememberDevice: z.optional(z.boolean({ error: 'rememberDevice must be true or false' })),
});

/** Disabling two-factor sign-in or replacing the backup codes asks for the password and a current code. */
export const confirmTwoFactorBody = z.object({
  password: z.string({ error: 'Password is required' }).check(z.minLength(1, { error: 'Password is required' }), z.maxLength(1000)),
  token: code,
});

export interface TwoFactorSetup {
  /** The otpauth URI as a QR code image (data URL). */
  qrCode: string;
  /** The secret in base32, for typing into the app. */
  manualEntry: string;
}

export interface TwoFactorEnabled extends MessageResponse {
  /** 10 single-use codes, XXXX-XXXX; shown once. */
  backupCodes: string[];
  user: User;
}

/** SPEC §3 '2FA verify response', plus the signed-in user. */
export interface TwoFactorVerified {
  success: true;
  message: string;
  token: string;
  userId: string;
  user: User;
  /** Set when rememberDevice was asked: sent with the next logins from this browser for 30 days. */
  deviceToken: string | null;
  usedBackupCode: boolean;
  avatar: string | null;
}

export interface TwoFactorChanged extends MessageResponse {
  user: User;
}

export interface BackupCodesResponse extends MessageResponse {
  backupCodes: string[];
  user: User;
}

export const twoFactorRoutes = {
  setupTwoFactor: route<TwoFactorSetup>()({
    method: 'POST',
    path: '/api/2fa/setup',
    area: 'twofa',
    access: 'user',
    body: setupTwoFactorBody,
  }),
  enableTwoFactor: route<TwoFactorEnabled>()({
    method: 'POST',
    path: '/api/2fa/enable',
    area: 'twofa',
    access: 'user',
    body: enableTwoFactorBody,
  }),
  verifyTwoFactor: route<TwoFactorVerified>()({
    method: 'POST',
    path: '/api/2fa/verify',
    area: 'twofa',
    access: 'public',
    body: verifyTwoFactorBody,
  }),
  disableTwoFactor: route<TwoFactorChanged>()({
    method: 'POST',
    path: '/api/2fa/disable',
    area: 'twofa',
    access: 'user',
    body: confirmTwoFactorBody,
  }),
  regenerateBackupCodes: route<BackupCodesResponse>()({
    method: 'POST',
    path: '/api/2fa/backup-codes',
    area: 'twofa',
    access: 'user',
    body: confirmTwoFactorBody,
  }),
} as const;
