/**
 * The monogram a subscription without a logo shows (issue 36 §1), in its category's colour: the first letter or
 * digit of its name, upper case ('netflix' → 'N', '1Password' → '1'); '?' for a name with neither.
 */
export function monogramOf(name: string): string {
  const first = Array.from(name.normalize('NFC')).find((character) => /[\p{L}\p{N}]/u.test(character));
  return first ? first.toLocaleUpperCase('en-US') : '?';
}
