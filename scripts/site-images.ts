/**
 * Draws the site's icons and its link-preview image from web/public/favicon.svg with Chromium (the
 * browser the tests use), into web/public: the PNG favicon, the Apple touch icon, the web app
 * manifest's icons, favicon.ico (PNG images in an ICO file, which every current browser reads) and
 * the 1200×630 Open Graph image. The outputs are committed; run it again
 * (`npx tsx scripts/site-images.ts`) after changing the logo.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../test/e2e/chromium.js';

const publicDir = join(import.meta.dirname, '..', 'web', 'public');
const logo = readFileSync(join(publicDir, 'favicon.svg'), 'utf8');
const logoUrl = `data:image/svg+xml;base64,${Buffer.from(logo).toString('base64')}`;
/** The dark theme's background and text (web/src/styles/tokens.css). */
const BACKGROUND = '#0a0c14';

/** The logo alone, `size` px square; `padding` px of the theme background around it (maskable icons need a safe zone). */
const icon = (size: number, padding = 0) => ({
  width: size,
  height: size,
  html: `<body style="margin:0;background:${padding ? BACKGROUND : 'transparent'}"><img src="${logoUrl}" style="display:block;margin:${padding}px;width:${size - 2 * padding}px;height:${size - 2 * padding}px"></body>`,
});

const OPEN_GRAPH = {
  width: 1200,
  height: 630,
  html: `<body style="margin:0;width:1200px;height:630px;display:flex;flex-direction:column;justify-content:center;gap:28px;padding:0 96px;box-sizing:border-box;
    background:radial-gradient(60% 70% at 50% 0%, rgb(91 76 240 / 45%) 0%, transparent 70%), ${BACKGROUND};color:#eef0f8;
    font-family:'Inter','DejaVu Sans',sans-serif">
    <div style="display:flex;align-items:center;gap:24px"><img src="${logoUrl}" style="width:96px;height:96px">
      <span style="font-size:44px;font-weight:700">Subscription Tracker</span></div>
    <div style="font-size:68px;font-weight:800;line-height:1.1;max-width:980px">Take control of
      <span style="background:linear-gradient(135deg,#8b7ff7,#a78bfa);-webkit-background-clip:text;color:transparent">every subscription</span></div>
    <div style="font-size:30px;color:#a3aac4;max-width:960px">See what you pay each month and get reminded before every renewal.</div>
  </body>`,
};

const images: Record<string, { width: number; height: number; html: string }> = {
  'favicon-48.png': icon(48),
  'favicon-32.png': icon(32),
  'apple-touch-icon.png': icon(180, 18),
  'icon-192.png': icon(192),
  'icon-512.png': icon(512),
  'icon-maskable-512.png': icon(512, 80),
  'og-image.png': OPEN_GRAPH,
};

const drawn = new Map<string, Buffer>();
const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
try {
  for (const [name, { width, height, html }] of Object.entries(images)) {
    const page = await browser.newPage({ viewport: { width, height } });
    await page.setContent(html);
    await page.evaluate('document.fonts.ready');
    drawn.set(name, await page.screenshot({ omitBackground: !html.includes(BACKGROUND), type: 'png' }));
    await page.close();
  }
} finally {
  await browser.close();
}
const favicon32 = drawn.get('favicon-32.png') as Buffer;
drawn.delete('favicon-32.png');
drawn.set(
  'favicon.ico',
  icoFile([
    { size: 32, png: favicon32 },
    { size: 48, png: drawn.get('favicon-48.png') as Buffer },
  ]),
);
for (const [name, bytes] of drawn) {
  writeFileSync(join(publicDir, name), bytes);
  console.log(`web/public/${name} ${bytes.length} bytes`);
}

/** An ICO file holding PNG images: a 6-byte header, a 16-byte entry per image, then the images. */
function icoFile(entries: Array<{ size: number; png: Buffer }>): Buffer {
  const header = Buffer.alloc(6 + 16 * entries.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1: icon
  header.writeUInt16LE(entries.length, 4);
  let offset = header.length;
  entries.forEach(({ size, png }, index) => {
    const at = 6 + 16 * index;
    header.writeUInt8(size % 256, at);
    header.writeUInt8(size % 256, at + 1);
    header.writeUInt16LE(1, at + 4); // colour planes
    header.writeUInt16LE(32, at + 6); // bits per pixel
    header.writeUInt32LE(png.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...entries.map(({ png }) => png)]);
}
