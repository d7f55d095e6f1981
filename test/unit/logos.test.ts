import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BRAND_INDEX_FILE, brandIndexModule, installedSimpleIcons } from '../../scripts/brand-index.js';
import { brandLogoPath } from '../../shared/domain/logos/brand-names.js';
import { brandOf } from '../../shared/domain/logos/brands.js';
import { subscriptionLogo } from '../../shared/domain/logos/logo.js';
import { monogramOf } from '../../shared/domain/logos/monogram.js';
import { brandTile } from '../../web/brand-logos.js';

/** Issue 36 §1: a logo for each subscription, found without asking. */
describe('the built-in brand a name names', () => {
  it.each([
    ['Netflix', 'netflix'],
    ['netflix', 'netflix'],
    ['Netflix Premium', 'netflix'],
    ['  NETFLIX  standard ', 'netflix'],
    ['Spotify Family', 'spotify'],
    ['GitHub', 'github'],
    ['github copilot', 'githubcopilot'],
    ['YouTube Premium', 'youtube'],
    ['iCloud+ 2TB', 'icloud'],
    ['Apple Music', 'applemusic'],
    ['Paramount+', 'paramountplus'],
    ['Proton Mail', 'protonmail'],
    ['Déezer', 'deezer'],
    ['Sky', 'sky'],
    ['HBO Max', 'hbomax'],
  ])('%j is %j', (name, slug) => {
    expect(brandOf(name)).toBe(slug);
  });

  it.each([
    'Disney+',
    'Prime Video',
    'Go Fitness',
    'Red Cross donation',
    'Gym',
    'Rent',
    'Car insurance',
    'Electricity',
    'Family plan',
    'Sub 1',
    'x',
    '',
  ])('%j is none of them', (name) => {
    expect(brandOf(name)).toBeUndefined();
  });

  it('is the subscription’s logo, an image on the site’s own origin; a name of no brand has none', () => {
    expect(subscriptionLogo({ name: 'Spotify Family' })).toEqual({ kind: 'brand', src: '/logos/brands/spotify.svg' });
    expect(brandLogoPath('netflix')).toBe('/logos/brands/netflix.svg');
    expect(subscriptionLogo({ name: 'Disney+' })).toBeNull();
  });

  it('is found in the index made from the installed simple-icons (npm run brands writes it again after an update)', () => {
    const { version, brands } = installedSimpleIcons();
    expect(readFileSync(BRAND_INDEX_FILE, 'utf8')).toBe(brandIndexModule(version, brands));
  });
});

describe('a subscription without a logo', () => {
  it.each([
    ['netflix', 'N'],
    ['1Password', '1'],
    ['  (my) gym', 'M'],
    ['élan', 'É'],
    ['…', '?'],
  ])('%j shows %j', (name, letter) => {
    expect(monogramOf(name)).toBe(letter);
  });
});

describe('a brand’s tile', () => {
  it('is the glyph on the brand’s colour, white on a dark one and near-black on a light one', () => {
    const netflix = brandTile('E50914', 'M0 0h24v24H0z');
    expect(netflix).toContain('<rect width="32" height="32" rx="7" fill="#E50914"/>');
    expect(netflix).toContain('fill="#FFFFFF" d="M0 0h24v24H0z"');
    expect(brandTile('FFFC00', 'M0 0h24v24H0z')).toContain('fill="#111827"');
  });
});
