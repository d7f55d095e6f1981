/** Free text (names, descriptions, display names): what it may hold, and how it sorts. */

/**
 * Any printable Unicode, HTML included — it is always rendered as text — but never control
 * characters or bidirectional overrides, which can disguise what a user sees (e.g. in an admin
 * list or an e-mail subject).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this rule's purpose.
export const FORBIDDEN_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

export function hasForbiddenCharacters(text: string): boolean {
  return FORBIDDEN_CHARACTERS.test(text);
}

export const forbiddenCharactersMessage = (field: string) => `${field} contains characters that are not allowed`;

/** Made on first use: building an Intl collator costs milliseconds, too many for a function's cold start. */
let collator: Intl.Collator | undefined;

/** Case- and accent-insensitive A–Z comparison with natural numbers ('Plan 2' before 'Plan 10'). */
export function compareText(a: string, b: string): number {
  collator ??= new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  return collator.compare(a ?? '', b ?? '');
}
