import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import type { Plugin } from 'vite';
import { brandLogoPath, brandThumbnailPath } from '../shared/domain/logos/brand-names.js';

/**
 * The built-in brand logos as files of the site (issue 36 §1, docs/decisions/0137-logos.md): one small SVG per
 * Simple Icons brand at `/logos/brands/<slug>.svg` (shared/domain/logos/brands.ts brandLogoPath), the brand's
 * glyph on a rounded tile of its colour. The app shows them as images from its own origin, each loaded only when
 * a card shows it; no logo is in a script chunk. Written beside the build's output, and served by the dev server.
 *
 * Each tile is a PNG too (`<slug>.png`, THUMBNAIL_PX square, drawn by resvg): Discord's and Slack's reminders show it
 * as their thumbnail (issue 36 §5), and neither shows an SVG. Drawing all of them takes a few seconds, so they are
 * kept in node_modules/.cache for the installed simple-icons version and copied from there by later builds.
 */

/** A thumbnail's side in pixels: Discord draws an embed's at 80, Slack an accessory's at 88 (96 stays sharp at both). */
const THUMBNAIL_PX = 96;

const require = createRequire(import.meta.url);

interface Brand {
  slug: string;
  hex: string;
}

/** The relative luminance of a colour given as six hex digits (WCAG 2.1). */
function luminance(hex: string): number {
  const channel = (at: number) => {
    const value = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

/** The glyph's colour on a tile of `hex`: white or near-black, whichever stands out more. */
function glyphColour(hex: string): string {
  const background = luminance(hex);
  const onWhite = 1.05 / (background + 0.05);
  const onDark = (background + 0.05) / (luminance('111827') + 0.05);
  return onWhite >= onDark ? '#FFFFFF' : '#111827';
}

/** A brand's tile: its 24-unit glyph at 20 px in a 32 px rounded square of its colour. */
export function brandTile(hex: string, glyphPath: string): string {
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
    `<rect width="32" height="32" rx="7" fill="#${hex}"/>` +
    `<path transform="translate(6 6) scale(.8333)" fill="${glyphColour(hex)}" d="${glyphPath}"/>` +
    '</svg>'
  );
}

/** The brands of the installed simple-icons, where their icons are, and its version. */
function installedBrands(): { brands: Brand[]; iconsDir: string; version: string } {
  const dataFile = require.resolve('simple-icons/icons.json');
  const brands = JSON.parse(readFileSync(dataFile, 'utf8')) as Brand[];
  const version = (JSON.parse(readFileSync(join(dirname(dataFile), '..', 'package.json'), 'utf8')) as { version: string }).version;
  return { brands, iconsDir: join(dirname(dataFile), '..', 'icons'), version };
}

let wasmReady: Promise<void> | undefined;

/** A tile drawn as a PNG, THUMBNAIL_PX square. */
export async function brandThumbnail(tile: string): Promise<Uint8Array> {
  wasmReady ??= initWasm(readFileSync(require.resolve('@resvg/resvg-wasm/index_bg.wasm')));
  await wasmReady;
  return new Resvg(tile, { fitTo: { mode: 'width', value: THUMBNAIL_PX } }).render().asPng();
}

/** Where a version's thumbnails are kept between builds. */
const thumbnailCache = (version: string) =>
  resolve(require.resolve('simple-icons/icons.json'), '..', '..', '..', '.cache', 'brand-thumbnails', `${version}-${THUMBNAIL_PX}`);

/** The path data of a simple-icons SVG (one path per icon). */
function glyphOf(iconsDir: string, slug: string): string {
  const svg = readFileSync(join(iconsDir, `${slug}.svg`), 'utf8');
  const match = /\sd="([^"]+)"/.exec(svg);
  if (!match?.[1]) throw new Error(`simple-icons' ${slug}.svg has no path`);
  return match[1];
}

export function brandLogos(): Plugin {
  let outDir = '';
  let serverBuild = false;
  return {
    name: 'brand-logos',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      serverBuild = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (serverBuild || !outDir) return;
      const { brands, iconsDir, version } = installedBrands();
      const folder = join(outDir, dirname(brandLogoPath('x')));
      mkdirSync(folder, { recursive: true });
      const cache = thumbnailCache(version);
      const cached = existsSync(cache);
      // Drawn into a folder of its own, which becomes the cache once every thumbnail is in it.
      const drawing = `${cache}.${process.pid}`;
      if (!cached) mkdirSync(drawing, { recursive: true });
      for (const brand of brands) {
        const tile = brandTile(brand.hex, glyphOf(iconsDir, brand.slug));
        writeFileSync(join(outDir, brandLogoPath(brand.slug)), tile);
        const thumbnail = join(outDir, brandThumbnailPath(brand.slug));
        if (cached) copyFileSync(join(cache, `${brand.slug}.png`), thumbnail);
        else {
          const png = await brandThumbnail(tile);
          writeFileSync(join(drawing, `${brand.slug}.png`), png);
          writeFileSync(thumbnail, png);
        }
      }
      if (cached) return;
      try {
        renameSync(drawing, cache);
      } catch (error) {
        // Another build drew them at the same time and kept its own: this one's go.
        if (!existsSync(cache)) throw error;
        rmSync(drawing, { recursive: true, force: true });
      }
    },
    configureServer(server) {
      const { brands, iconsDir } = installedBrands();
      const hexOf = new Map(brands.map((brand) => [brand.slug, brand.hex]));
      const prefix = dirname(brandLogoPath('x'));
      server.middlewares.use((request, response, next) => {
        const match = new RegExp(`^${prefix}/([a-z0-9]+)\\.(svg|png)$`).exec(request.url ?? '');
        const hex = match?.[1] ? hexOf.get(match[1]) : undefined;
        if (!match?.[1] || !hex) return next();
        const tile = brandTile(hex, glyphOf(iconsDir, match[1]));
        if (match[2] === 'svg') {
          response.setHeader('Content-Type', 'image/svg+xml');
          response.end(tile);
          return;
        }
        brandThumbnail(tile).then((png) => {
          response.setHeader('Content-Type', 'image/png');
          response.end(Buffer.from(png));
        }, next);
      });
    },
  };
}
