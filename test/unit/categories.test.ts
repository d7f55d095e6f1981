import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  addCustomCategory,
  BUILT_IN_CATEGORIES,
  CATEGORY_COLOR_COUNT,
  type Category,
  CUSTOM_CATEGORIES_STORAGE_KEY,
  capitalize,
  categoryColorSlot,
  categoryColors,
  categoryColorsIn,
  categoryDisplay,
  categoryKey,
  categoryLabel,
  categoryMessages,
  categoryOptions,
  customCategoryValue,
  isBuiltInCategory,
  parseCustomCategories,
} from '../../shared/domain/categories.js';

describe('built-in categories (SPEC §3 "Category")', () => {
  it('are the seven SPEC values with their labels', () => {
    expect(BUILT_IN_CATEGORIES).toEqual([
      { value: 'streaming', label: 'Streaming' },
      { value: 'software', label: 'Software' },
      { value: 'gaming', label: 'Gaming' },
      { value: 'music', label: 'Music' },
      { value: 'cloud', label: 'Cloud Storage' },
      { value: 'productivity', label: 'Productivity' },
      { value: 'other', label: 'Other' },
    ]);
  });

  it('custom categories are stored under the "custom-categories" key (SPEC §3)', () => {
    expect(CUSTOM_CATEGORIES_STORAGE_KEY).toBe('custom-categories');
  });

  it('isBuiltInCategory recognises values and labels', () => {
    expect(isBuiltInCategory('cloud')).toBe(true);
    expect(isBuiltInCategory('Cloud Storage')).toBe(true);
    expect(isBuiltInCategory('fitness')).toBe(false);
  });
});

describe('custom category values (SPEC §3: label lowercased, whitespace removed)', () => {
  it('customCategoryValue trims, lowercases and removes all whitespace', () => {
    expect(customCategoryValue('  Home Office ')).toBe('homeoffice');
    expect(customCategoryValue('News\tand  Media')).toBe('newsandmedia');
    expect(customCategoryValue('   ')).toBe('');
  });

  it('categoryKey maps blanks to other and built-in names onto their value', () => {
    expect(categoryKey('')).toBe('other');
    expect(categoryKey(null)).toBe('other');
    expect(categoryKey(undefined)).toBe('other');
    expect(categoryKey('STREAMING')).toBe('streaming');
    expect(categoryKey('Cloud Storage')).toBe('cloud');
    expect(categoryKey('Home Office')).toBe('homeoffice');
  });
});

describe('addCustomCategory (SPEC §5 "trimmed and must be non-empty", SPEC §3 "Duplicates are not added")', () => {
  it('adds a trimmed category and returns it for selection', () => {
    const result = addCustomCategory([], '  Home Office  ');
    expect(result).toEqual({
      ok: true,
      added: true,
      category: { value: 'homeoffice', label: 'Home Office' },
      categories: [{ value: 'homeoffice', label: 'Home Office' }],
    });
  });

  it('collapses inner whitespace in the label', () => {
    const result = addCustomCategory([], 'Home    Office');
    expect(result.ok && result.category.label).toBe('Home Office');
  });

  it('rejects an empty or blank name', () => {
    expect(addCustomCategory([], '')).toEqual({ ok: false, error: categoryMessages.nameRequired });
    expect(addCustomCategory([], '   ')).toEqual({ ok: false, error: 'Category name cannot be empty' });
  });

  it('rejects names over 50 characters (the API limit) and the reserved "All"', () => {
    expect(addCustomCategory([], 'x'.repeat(51))).toEqual({ ok: false, error: categoryMessages.nameTooLong });
    expect(addCustomCategory([], 'x'.repeat(50)).ok).toBe(true);
    expect(addCustomCategory([], ' A l l ')).toEqual({ ok: false, error: categoryMessages.nameReserved });
  });

  it('does not add a duplicate of a custom category, but selects the existing one', () => {
    const list: Category[] = [{ value: 'homeoffice', label: 'Home Office' }];
    const result = addCustomCategory(list, 'home office');
    expect(result).toEqual({ ok: true, added: false, category: list[0], categories: list });
    if (result.ok) expect(result.categories).not.toBe(list);
  });

  it('does not add a duplicate of a built-in (by value or label), but selects the built-in', () => {
    for (const name of ['Streaming', 'streaming ', 'Cloud Storage', 'cloud']) {
      const result = addCustomCategory([], name);
      expect(result.ok).toBe(true);
      if (result.ok) {
        expect(result.added).toBe(false);
        expect(result.categories).toEqual([]);
        expect(BUILT_IN_CATEGORIES.map((c) => c.value)).toContain(result.category.value);
      }
    }
  });

  it('does not mutate the list it is given', () => {
    const list: Category[] = [];
    addCustomCategory(list, 'Fitness');
    expect(list).toEqual([]);
  });
});

describe('categoryLabel (SPEC §9 "capitalised names")', () => {
  const custom: Category[] = [{ value: 'homeoffice', label: 'Home Office' }];

  it('uses built-in labels', () => {
    expect(categoryLabel('cloud')).toBe('Cloud Storage');
    expect(categoryLabel('streaming')).toBe('Streaming');
  });

  it('uses custom labels', () => {
    expect(categoryLabel('homeoffice', custom)).toBe('Home Office');
  });

  it('capitalises anything else, and shows a missing category as Other', () => {
    expect(categoryLabel('fitness')).toBe('Fitness');
    expect(categoryLabel('homeoffice')).toBe('Homeoffice');
    expect(categoryLabel('')).toBe('Other');
    expect(categoryLabel(null)).toBe('Other');
  });

  it('capitalize upper-cases only the first letter', () => {
    expect(capitalize('my cat')).toBe('My cat');
    expect(capitalize('')).toBe('');
  });
});

describe('categoryDisplay: how the categories shown together read and look, on every screen (issue 35 §2.11)', () => {
  const custom = [
    { value: 'health&wellbeing', label: 'Health & Wellbeing' },
    { value: 'cloudservices', label: 'Cloud Services' },
  ];

  it('reads a custom category by its label, asked by key or by the stored value', () => {
    const { labelOf } = categoryDisplay([{ category: 'health&wellbeing' }, { category: 'cloudservices' }, { category: 'cloud' }], custom);
    expect(labelOf('health&wellbeing')).toBe('Health & Wellbeing');
    expect(labelOf(categoryKey('Cloud Services'))).toBe('Cloud Services');
    expect(labelOf('cloud')).toBe('Cloud Storage');
  });

  it('reads a category by what a subscription stores, not by its key, where the custom list does not know it', () => {
    // Imported or made in another browser: the subscription stores 'Health & Wellbeing', its key is 'health&wellbeing'.
    const { labelOf } = categoryDisplay([{ category: 'Health & Wellbeing' }, { category: 'Pet care' }]);
    expect(labelOf('health&wellbeing')).toBe('Health & Wellbeing');
    expect(labelOf('petcare')).toBe('Pet care');
    expect(categoryLabel('health&wellbeing')).toBe('Health&wellbeing');
  });

  it('colours them as the dashboard does', () => {
    const subs = [{ category: 'health&wellbeing' }, { category: 'music' }];
    const { colorOf } = categoryDisplay(subs, custom);
    const dashboard = categoryColorsIn(subs, custom);
    for (const value of ['health&wellbeing', 'cloudservices', 'music']) expect(colorOf(value)).toBe(dashboard(value));
  });
});

describe('parseCustomCategories (SPEC §3 custom categories kept in the browser)', () => {
  it('reads a JSON string or parsed data', () => {
    const stored = [{ value: 'fitness', label: 'Fitness' }];
    expect(parseCustomCategories(JSON.stringify(stored))).toEqual(stored);
    expect(parseCustomCategories(stored)).toEqual(stored);
  });

  it('drops junk, built-ins and duplicates, and re-derives values', () => {
    const raw = [
      { value: 'x', label: 'Home Office' },
      { label: 'home office' },
      { label: 'Music' },
      { label: '  ' },
      { label: 7 },
      null,
      'text',
    ];
    expect(parseCustomCategories(raw)).toEqual([{ value: 'homeoffice', label: 'Home Office' }]);
  });

  it('gives [] for unreadable storage', () => {
    expect(parseCustomCategories('{not json')).toEqual([]);
    expect(parseCustomCategories(null)).toEqual([]);
    expect(parseCustomCategories({ value: 'a' })).toEqual([]);
  });

  it('categoryOptions lists built-ins first, then custom ones', () => {
    const options = categoryOptions([{ value: 'fitness', label: 'Fitness' }]);
    expect(options).toHaveLength(8);
    expect(options[4]).toEqual({ value: 'cloud', label: 'Cloud Storage' });
    expect(options[7]).toEqual({ value: 'fitness', label: 'Fitness' });
  });
});

describe('category colours (SPEC §9 "7-colour palette", SPEC §3 custom colour derived from its text, issue 23)', () => {
  const tokens = readFileSync(new URL('../../web/src/styles/tokens.css', import.meta.url), 'utf8');
  const light = tokens.slice(tokens.indexOf('@media (prefers-color-scheme: light)'));
  const dark = tokens.slice(0, tokens.indexOf('@media (prefers-color-scheme: light)'));
  const colorIn = (css: string, name: string) => css.match(new RegExp(`${name}:\\s*(#[0-9a-f]{6});`))?.[1] ?? '';
  const channels = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const luminance = (hex: string) => {
    const [r, g, b] = channels(hex).map(linear);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contrast = (a: string, b: string) => {
    const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (high + 0.05) / (low + 0.05);
  };
  /** CIE L*a*b* (D65) and the CIE76 distance. */
  const lab = (hex: string) => {
    const [r, g, b] = channels(hex).map(linear);
    const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
    const [x, y, z] = [
      (r * 0.4124 + g * 0.3576 + b * 0.1805) / 0.95047,
      r * 0.2126 + g * 0.7152 + b * 0.0722,
      (r * 0.0193 + g * 0.1192 + b * 0.9505) / 1.08883,
    ];
    return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
  };
  const distance = (a: string, b: string) => Math.hypot(...lab(a).map((v, i) => v - lab(b)[i]));

  for (const [theme, css] of [
    ['dark', dark],
    ['light', light],
  ] as const) {
    it(`${theme} theme: ${CATEGORY_COLOR_COUNT} colours, each ≥ 3:1 on the surface and ΔE ≥ 20 from every other`, () => {
      const surface = colorIn(css, '--color-surface');
      const colors = Array.from({ length: CATEGORY_COLOR_COUNT }, (_, i) => colorIn(css, `--category-${i}`));
      for (const color of colors) expect(color).toMatch(/^#[0-9a-f]{6}$/);
      for (const color of colors) expect(contrast(color, surface), color).toBeGreaterThanOrEqual(3);
      for (const [i, a] of colors.entries()) {
        for (const b of colors.slice(i + 1)) expect(distance(a, b), `${a} ${b}`).toBeGreaterThanOrEqual(20);
      }
    });
  }

  it('built-ins take their own slot, whatever else is shown', () => {
    const colorOf = categoryColors(['fitness', 'music']);
    BUILT_IN_CATEGORIES.forEach((c, i) => {
      expect(colorOf(c.value)).toBe(categoryColorSlot(i));
    });
    expect(colorOf('Cloud Storage')).toBe(categoryColorSlot(4));
    expect(colorOf('')).toBe(categoryColorSlot(6));
  });

  it('custom ones take a stable custom slot derived from their text', () => {
    const a = categoryColors(['fitness'])('fitness');
    expect(a).toMatch(/^var\(--category-([7-9]|1\d|2[0-4])\)$/);
    expect(categoryColors(['  Fitness '])('fitness')).toBe(a);
    expect(categoryColors(['fitness', 'streaming', 'music'])('Fitness')).toBe(a);
  });

  it('gives every category shown its own colour, up to 5 custom ones beside the 7 built-ins', () => {
    const custom = ['fitness', 'news', 'food', 'travel', 'education'];
    const colorOf = categoryColors([...custom, ...BUILT_IN_CATEGORIES.map((c) => c.value)]);
    const colors = [...custom, ...BUILT_IN_CATEGORIES.map((c) => c.value)].map(colorOf);
    expect(new Set(colors).size).toBe(12);
    // The same categories in another order get the same colours.
    const again = categoryColors([...custom].reverse());
    for (const name of custom) expect(again(name)).toBe(colorOf(name));
  });

  it('gives 18 custom categories beside the 7 built-ins 25 different colours (issue 35 §2.11)', () => {
    const custom = Array.from({ length: 18 }, (_, i) => `custom ${i + 1}`);
    const shown = [...custom, ...BUILT_IN_CATEGORIES.map((c) => c.value)];
    const colorOf = categoryColors(shown);
    expect(new Set(shown.map(colorOf)).size).toBe(25);
    expect(CATEGORY_COLOR_COUNT).toBeGreaterThanOrEqual(25);
  });

  it('colours the categories of the subscriptions and the custom list together', () => {
    const colorOf = categoryColorsIn([{ category: 'fitness' }, { category: 'music' }], [{ value: 'news', label: 'News' }]);
    expect(new Set(['fitness', 'music', 'news'].map(colorOf)).size).toBe(3);
  });
});
