/** Password rules (SPEC §5 Registration / Reset password, §9 'Password'). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const SPECIAL_CHARACTERS = /[!@#$%^&*]/;

export const passwordMessages = {
  required: 'Password is required',
  tooShort: 'Password must be at least 8 characters long',
  tooLong: 'Password must be at most 128 characters long',
  noNumber: 'Password must contain at least one number',
  noSpecial: 'Password must contain at least one special character (!@#$%^&*)',
  mismatch: 'Passwords do not match',
} as const;

/** The first rule a new password breaks, or null when it satisfies SPEC §5. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return passwordMessages.tooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return passwordMessages.tooLong;
  if (!/\d/.test(password)) return passwordMessages.noNumber;
  if (!SPECIAL_CHARACTERS.test(password)) return passwordMessages.noSpecial;
  return null;
}

export type PasswordStrength = 'Weak' | 'Medium' | 'Strong';

export interface PasswordChecks {
  length: boolean;
  number: boolean;
  special: boolean;
  uppercase: boolean;
  lowercase: boolean;
}

export function passwordChecks(password: string): PasswordChecks {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH,
    number: /\d/.test(password),
    special: SPECIAL_CHARACTERS.test(password),
    uppercase: /[A-Z]/.test(password),
    lowercase: /[a-z]/.test(password),
  };
}

/** Strength meter: five checks; 0–2 passed is Weak, 3–4 Medium, 5 Strong (SPEC §5). */
export function passwordStrength(password: string): PasswordStrength {
  const passed = Object.values(passwordChecks(password)).filter(Boolean).length;
  if (passed <= 2) return 'Weak';
  if (passed <= 4) return 'Medium';
  return 'Strong';
}
