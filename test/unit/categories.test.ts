import { describe, expect, it } from 'vitest';
import {
  addCustomCategory,
  BUILT_IN_CATEGORIES,
  type Category,
  CUSTOM_CATEGORIES_STORAGE_KEY,
  capitalize,
  categoryColor,
  categoryKey,
  categoryLabel,
  categoryMessages,
  categoryOptions,
  customCategoryValue,
  isBuiltInCategory,
  PIE_PALETTE,
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

describe('category colours (SPEC §9 "7-colour palette", SPEC §3 custom colour derived from its text)', () => {
  it('has 7 distinct hex colours', () => {
    expect(PIE_PALETTE).toHaveLength(7);
    expect(new Set(PIE_PALETTE).size).toBe(7);
    for (const c of PIE_PALETTE) expect(c).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('palette colours are light enough for a dark background (contrast ≥ 4.5 against #0f172a)', () => {
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => {
        const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const bg = luminance('#0f172a');
    for (const c of PIE_PALETTE) expect((luminance(c) + 0.05) / (bg + 0.05)).toBeGreaterThanOrEqual(4.5);
  });

  it('built-ins take their palette entry by index', () => {
    BUILT_IN_CATEGORIES.forEach((c, i) => {
      expect(categoryColor(c.value)).toBe(PIE_PALETTE[i]);
    });
    expect(categoryColor('Cloud Storage')).toBe(PIE_PALETTE[4]);
    expect(categoryColor('')).toBe(PIE_PALETTE[6]);
  });

  it('custom ones get a stable hue derived from their text', () => {
    const a = categoryColor('fitness');
    expect(a).toMatch(/^hsl\(\d{1,3}, 70%, 65%\)$/);
    expect(categoryColor('fitness')).toBe(a);
    expect(categoryColor('  Fitness ')).toBe(a);
    expect(categoryColor('homeoffice')).not.toBe(a);
  });

  it('custom colours spread over the hue circle', () => {
    const hues = new Set(
      ['fitness', 'news', 'food', 'travel', 'education', 'health', 'kids', 'pets', 'cars', 'bank'].map(
        (n) => categoryColor(n).match(/^hsl\((\d+)/)?.[1],
      ),
    );
    expect(hues.size).toBeGreaterThanOrEqual(8);
  });
});
