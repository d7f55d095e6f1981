/**
 * Subscription categories (SPEC §3 'Category'): seven built-ins plus custom ones kept in the
 * browser. A subscription stores the category *value*; labels and colours are derived here.
 */

export interface Category {
  value: string;
  label: string;
}

/** SPEC §3 'Category': the built-in values and their labels, in display order. */
export const BUILT_IN_CATEGORIES: readonly Category[] = [
  { value: 'streaming', label: 'Streaming' },
  { value: 'software', label: 'Software' },
  { value: 'gaming', label: 'Gaming' },
  { value: 'music', label: 'Music' },
  { value: 'cloud', label: 'Cloud Storage' },
  { value: 'productivity', label: 'Productivity' },
  { value: 'other', label: 'Other' },
];

/** The value a missing or blank category falls into (SPEC §9 'uses Other for a missing category'). */
export const OTHER_CATEGORY = 'other';

/** Longest category the API accepts (see `subscriptionBody` in shared/api/subscriptions.ts). */
export const CATEGORY_MAX_LENGTH = 50;

/** The localStorage key the browser keeps custom categories under (SPEC §3 'Local storage keys'). */
export const CUSTOM_CATEGORIES_STORAGE_KEY = 'custom-categories';

export const categoryMessages = {
  nameRequired: 'Category name cannot be empty',
  nameTooLong: 'Category must be at most 50 characters',
  nameReserved: 'That category name is reserved',
} as const;

/**
 * The category colours (web/src/styles/tokens.css `--category-0` … `--category-24`, one set per theme):
 * the first 7 are the built-ins' in display order (SPEC §9 'The pie chart uses a 7-colour palette'),
 * the other 18 are for custom categories, so 18 custom categories beside all 7 built-ins never share a
 * colour (issue 35 §2.11; docs/decisions/0113-category-colours-and-labels.md). Each theme's set keeps
 * ≥ 3:1 against its surface (WCAG 1.4.11) and every pair apart (CIE76 ΔE ≥ 20;
 * test/unit/categories.test.ts reads the stylesheet).
 */
export const CATEGORY_COLOR_COUNT = 25;
const BUILT_IN_COLORS = 7;

/** The CSS colour of slot `index`: it follows the theme. */
export const categoryColorSlot = (index: number) => `var(--category-${index})`;

/**
 * The value of a custom category: the label trimmed, lowercased, with all whitespace removed
 * (SPEC §3: 'The value is the label lowercased with whitespace removed'). 'My  Cat ' → 'mycat'.
 */
export function customCategoryValue(label: string): string {
  return String(label ?? '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '');
}

/**
 * The canonical key of a stored category, for grouping, filtering and lookup: the
 * {@link customCategoryValue} form, mapped onto a built-in when it names one by value or label
 * ('Cloud Storage' → 'cloud', 'STREAMING' → 'streaming'); blank → 'other' (SPEC §9).
 */
export function categoryKey(value: string | null | undefined): string {
  const v = customCategoryValue(value ?? '');
  if (!v) return OTHER_CATEGORY;
  const builtIn = BUILT_IN_CATEGORIES.find((c) => c.value === v || customCategoryValue(c.label) === v);
  return builtIn ? builtIn.value : v;
}

/** True when `value` names one of the seven built-in categories (SPEC §3). */
export function isBuiltInCategory(value: string | null | undefined): boolean {
  const key = categoryKey(value);
  return BUILT_IN_CATEGORIES.some((c) => c.value === key);
}

/** First letter upper-cased, the rest unchanged ('my cat' → 'My cat'). */
export function capitalize(text: string): string {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/**
 * The label shown for a category value: the built-in label ('cloud' → 'Cloud Storage'), else
 * the matching custom label, else the value capitalised; blank → 'Other' (SPEC §3, §9
 * 'capitalised names').
 */
export function categoryLabel(value: string | null | undefined, custom: readonly Category[] = []): string {
  const key = categoryKey(value);
  const builtIn = BUILT_IN_CATEGORIES.find((c) => c.value === key);
  if (builtIn) return builtIn.label;
  const own = custom.find((c) => categoryKey(c.value) === key);
  if (own) return own.label;
  return capitalize(String(value ?? '').trim());
}

export type AddCategoryResult = { ok: true; categories: Category[]; category: Category; added: boolean } | { ok: false; error: string };

/**
 * Adds a custom category by its label (SPEC §5 'a custom category name is trimmed and must be
 * non-empty'; SPEC §3 'Duplicates are not added'). On success returns the new list and the
 * category to select — the existing built-in or custom one when the name duplicates it
 * (`added: false`, list unchanged). Rejects blank names, names over 50 characters and 'All'
 * (which would collide with the category filter's 'all').
 */
export function addCustomCategory(list: readonly Category[], label: string): AddCategoryResult {
  const trimmed = String(label ?? '')
    .trim()
    .replace(/\s+/g, ' ');
  const value = customCategoryValue(trimmed);
  if (!value) return { ok: false, error: categoryMessages.nameRequired };
  if (trimmed.length > CATEGORY_MAX_LENGTH) return { ok: false, error: categoryMessages.nameTooLong };
  if (value === 'all') return { ok: false, error: categoryMessages.nameReserved };
  const key = categoryKey(value);
  const existing = BUILT_IN_CATEGORIES.find((c) => c.value === key) ?? list.find((c) => categoryKey(c.value) === key);
  if (existing) return { ok: true, categories: [...list], category: { ...existing }, added: false };
  const category = { value, label: trimmed };
  return { ok: true, categories: [...list, category], category, added: true };
}

/**
 * Custom categories read back from storage (SPEC §3 'custom-categories' key), sanitised: only
 * `{value, label}` objects with text, values re-derived from labels, no built-ins, no duplicates.
 * Accepts the parsed JSON or the raw string; anything unreadable gives [].
 */
export function parseCustomCategories(raw: unknown): Category[] {
  let data = raw;
  if (typeof raw === 'string') {
    try {
      data = JSON.parse(raw);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(data)) return [];
  let list: Category[] = [];
  for (const item of data) {
    if (!item || typeof item !== 'object') continue;
    const label = (item as { label?: unknown }).label;
    if (typeof label !== 'string') continue;
    const result = addCustomCategory(list, label);
    if (result.ok) list = result.categories;
  }
  return list;
}

/** The options of the category select in the subscription form: built-ins, then custom ones. */
export function categoryOptions(custom: readonly Category[] = []): Category[] {
  return [...BUILT_IN_CATEGORIES.map((c) => ({ ...c })), ...custom.map((c) => ({ ...c }))];
}

/** A 32-bit FNV-1a hash of `text`. */
function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The colours of the categories of these subscriptions and the user's custom categories, shown together. */
export function categoryColorsIn(
  subscriptions: readonly { category: string | null | undefined }[],
  custom: readonly Category[],
): (value: string | null | undefined) => string {
  return categoryColors([...subscriptions.map((s) => s.category), ...custom.map((c) => c.value)]);
}

/** How the categories shown together read and look: the one place a screen asks (issue 35 §2.11). */
export interface CategoryDisplay {
  /** The label: the category as a subscription stores it, read by {@link categoryLabel} with the custom list. */
  labelOf(value: string | null | undefined): string;
  /** The colour among those shown ({@link categoryColors}). */
  colorOf(value: string | null | undefined): string;
}

/**
 * The labels and colours of the categories of these subscriptions and the user's custom categories, for
 * every screen that shows them together: the dashboard's donut and cards, /insights' charts, legends and
 * budgets. A label is read from the category as a subscription stores it, never from its key: the key of
 * 'Health & Wellbeing' is 'health&wellbeing', which would read 'Health&wellbeing' (issue 35 §2.11).
 */
export function categoryDisplay(
  subscriptions: readonly { category: string | null | undefined }[],
  custom: readonly Category[] = [],
): CategoryDisplay {
  const stored = new Map<string, string>();
  for (const { category } of subscriptions) {
    const key = categoryKey(category);
    if (!stored.has(key) && category) stored.set(key, category);
  }
  const colorOf = categoryColorsIn(subscriptions, custom);
  return {
    labelOf: (value) => categoryLabel(stored.get(categoryKey(value)) ?? value, custom),
    colorOf,
  };
}

/**
 * The colours of categories shown together (the donut, its legend, the cards' badges, the yearly
 * report): a built-in keeps its own; a custom category takes the custom slot its text hashes to
 * (SPEC §3 'derived from its text') or, when another custom category shown has it, the next free
 * one — in key order, so the same categories always get the same colours. No two share a colour
 * while at most 18 custom categories are shown (issue 23: Fitness and Music were both green; issue
 * 35 §2.11: 18 categories on /insights); beyond that, slots repeat.
 */
export function categoryColors(values: Iterable<string | null | undefined>): (value: string | null | undefined) => string {
  const slots = new Map<string, number>();
  const custom = [...new Set([...values].map(categoryKey))]
    .filter((key) => !isBuiltInCategory(key))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const free = Array.from({ length: CATEGORY_COLOR_COUNT - BUILT_IN_COLORS }, (_, i) => BUILT_IN_COLORS + i);
  for (const key of custom) {
    const preferred = BUILT_IN_COLORS + (hashText(key) % free.length);
    const taken = new Set(slots.values());
    const slot =
      free.find((candidate) => candidate >= preferred && !taken.has(candidate)) ?? free.find((candidate) => !taken.has(candidate));
    slots.set(key, slot ?? preferred);
  }
  return (value) => {
    const key = categoryKey(value);
    const builtIn = BUILT_IN_CATEGORIES.findIndex((c) => c.value === key);
    return categoryColorSlot(
      builtIn >= 0 ? builtIn : (slots.get(key) ?? BUILT_IN_COLORS + (hashText(key) % (CATEGORY_COLOR_COUNT - BUILT_IN_COLORS))),
    );
  };
}
