/**
 * How long a remembered device skips the two-factor code (SPEC §9). Here rather than in the API
 * contract's twofa module so that the auth function, which checks remembered devices at login,
 * does not bundle the twofa routes' schemas.
 */
export const REMEMBERED_DEVICE_DAYS = 30;

/**
 * The characters of new backup codes: A–Z and 2–9 without the lookalikes 0/O and 1/I/L (issue 23), so
 * a code copied from paper reads one way only. 31 characters, 8 per code: about 39.6 bits each.
 */
export const BACKUP_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/**
 * A backup code as typed or pasted, in its stored form XXXX-XXXX: case, spaces and dashes do not
 * matter ('abcd efgh', 'ABCDEFGH' and 'abcd-efgh' are one code). Codes issued before the alphabet
 * lost its lookalikes normalize the same way, so they keep working.
 */
export function normalizeBackupCode(value: string): string {
  const characters = value.toUpperCase().replace(/[\s-]/g, '');
  return characters.length > 4 ? `${characters.slice(0, 4)}-${characters.slice(4)}` : characters;
}
