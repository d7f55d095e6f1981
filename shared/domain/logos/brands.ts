/**
 * The built-in brand logos (issue 36 §1): Simple Icons' brands (CC0; each logo is its owner's trademark, shown
 * only to say which service a subscription is, docs/decisions/0137-logos.md), matched on a subscription's name as
 * typed. 'netflix', 'Netflix Premium' and 'Spotify Family' name their brand: the longest run of the name's first
 * words that is a brand's name, or one of its other names, wins.
 */

import { BRAND_INDEX } from './brand-index.js';
import { brandWords } from './brand-names.js';

/** Names longer than this many words are matched on their first words only. */
const MAX_WORDS = 6;
/** A key this short names no brand: 'x', 'a' are not services. */
const MIN_KEY_LENGTH = 2;
/**
 * A key shorter than this names its brand only as the whole name: 'Sky' and 'Box' are brands, but 'Go Fitness',
 * 'Man Utd' and 'Red Cross' are not Go, Man or Red.
 */
const SHORT_KEY_LENGTH = 4;

let index: Map<string, string> | undefined;

/**
 * BRAND_INDEX read once: each key to its brand's slug. A line is a slug, a key itself unless it starts with `-`,
 * then the brand's other keys.
 */
function brandIndex(): Map<string, string> {
  if (index) return index;
  index = new Map();
  for (const line of BRAND_INDEX.split('\n')) {
    const [first = '', ...others] = line.split(' ');
    const slug = first.replace(/^-/, '');
    for (const key of first.startsWith('-') ? others : [slug, ...others]) index.set(key, slug);
  }
  return index;
}

/** The slug of the brand a subscription's name names ('Spotify Family' → 'spotify'), or undefined. */
export function brandOf(name: string): string | undefined {
  const words = brandWords(name);
  const brands = brandIndex();
  for (let count = Math.min(words.length, MAX_WORDS); count > 0; count--) {
    const key = words.slice(0, count).join('');
    if (key.length < MIN_KEY_LENGTH || (key.length < SHORT_KEY_LENGTH && count < words.length)) continue;
    const slug = brands.get(key);
    if (slug) return slug;
  }
  return undefined;
}
