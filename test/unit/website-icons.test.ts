import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { iconsToTry, manifestIconLinks, pageIconLinks } from '../../functions/lib/logos/icon-links.js';
import { findSiteIcon, ICON_MAX_BYTES, siteIconFormatOf } from '../../functions/lib/logos/site-icon.js';
import { downloadOutbound } from '../../functions/lib/outbound/outbound.js';
import { channelThumbnail, subscriptionLogo } from '../../shared/domain/logos/logo.js';
import { siteKeyOf } from '../../shared/domain/logos/site-logo.js';

/** Issue 36 §3: websites' icons, found in their pages, checked by their bytes, fetched only through the guard. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==', 'base64');
/** An ICO header naming one 16×16 image, and that image's bytes. */
const ICO = Buffer.concat([Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0, 68, 0, 0, 0, 22, 0, 0, 0]), PNG]);

describe('the icons a page declares', () => {
  const page = `<!doctype html><html><head>
    <base href="/app/">
    <link rel="stylesheet" href="/style.css">
    <link rel="icon" href="favicon-16.png" sizes="16x16">
    <LINK REL="shortcut icon" HREF='/favicon-32.png' sizes=32x32>
    <link rel="icon" type="image/svg+xml" href="/icon.svg">
    <link rel="apple-touch-icon" href="https://cdn.example.com/touch.png?v=1&amp;w=180" sizes="180x180">
    <link rel="icon" href="javascript:alert(1)">
    <link rel="manifest" href="/site.webmanifest">
    </head><body><link rel="icon" href="/late.png"></body></html>`;

  it('are the head’s icon links, largest first, resolved against the base, without SVG, other schemes or the body’s', () => {
    expect(pageIconLinks(page, 'https://www.example.com/')).toEqual({
      icons: [
        { url: 'https://cdn.example.com/touch.png?v=1&w=180', size: 180 },
        { url: 'https://www.example.com/favicon-32.png', size: 32 },
        { url: 'https://www.example.com/app/favicon-16.png', size: 16 },
      ],
      manifest: 'https://www.example.com/site.webmanifest',
    });
  });

  it('are none in a page without a head’s links', () => {
    expect(pageIconLinks('<p>hello</p>', 'https://example.com/')).toEqual({ icons: [], manifest: null });
  });

  it('include the manifest’s, those for any purpose before maskable ones, without SVG; nothing from what is no manifest', () => {
    const manifest = JSON.stringify({
      icons: [
        { src: '/m-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/m-512-mask.png', sizes: '512x512', purpose: 'maskable' },
        { src: '/m-512.png', sizes: '512x512', purpose: 'any maskable' },
        { src: '/m.svg', sizes: 'any', type: 'image/svg+xml' },
        { src: 42 },
      ],
    });
    expect(manifestIconLinks(manifest, 'https://example.com/site.webmanifest').map((icon) => icon.url)).toEqual([
      'https://example.com/m-512.png',
      'https://example.com/m-192.png',
      'https://example.com/m-512-mask.png',
    ]);
    expect(manifestIconLinks('<html>', 'https://example.com/m.json')).toEqual([]);
    expect(manifestIconLinks('{"icons":"no"}', 'https://example.com/m.json')).toEqual([]);
  });

  it('are tried at most four, always with the favicon, a 16 px one after it', () => {
    const { icons } = pageIconLinks(page, 'https://www.example.com/');
    expect(iconsToTry(icons, [], 'https://www.example.com/')).toEqual([
      'https://cdn.example.com/touch.png?v=1&w=180',
      'https://www.example.com/favicon-32.png',
      'https://www.example.com/favicon.ico',
      'https://www.example.com/app/favicon-16.png',
    ]);
    const many = Array.from({ length: 6 }, (_, i) => ({ url: `https://example.com/${i}.png`, size: 64 }));
    expect(iconsToTry(many, [], 'https://example.com/')).toEqual([
      'https://example.com/0.png',
      'https://example.com/1.png',
      'https://example.com/2.png',
      'https://example.com/favicon.ico',
    ]);
    expect(iconsToTry([], [], 'https://example.com/')).toEqual(['https://example.com/favicon.ico']);
  });
});

describe('the bytes of an icon', () => {
  it('are a PNG, JPEG, WebP or ICO, told by their magic numbers, never by a name or a type', () => {
    expect(siteIconFormatOf(PNG)).toBe('png');
    expect(siteIconFormatOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('jpeg');
    expect(siteIconFormatOf(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(siteIconFormatOf(ICO)).toBe('ico');
  });

  it('are nothing else: SVG, GIF, HTML, an ICO header naming no image or more than it holds', () => {
    expect(siteIconFormatOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(siteIconFormatOf(Buffer.from('GIF89a\x01\x00\x01\x00'))).toBeNull();
    expect(siteIconFormatOf(Buffer.from('<!doctype html><title>Not found</title>'))).toBeNull();
    expect(siteIconFormatOf(Buffer.from([0, 0, 1, 0, 0, 0, ...new Array(16).fill(0)]))).toBeNull();
    expect(siteIconFormatOf(ICO.subarray(0, 6 + 16 - 1))).toBeNull();
  });
});

describe('the logo a website gives', () => {
  const site = { site: 'disneyplus.com', src: '/logos/sites/disneyplus.com' };

  it('is the site’s icon for a subscription of that site (with or without www.), after a built-in brand', () => {
    expect(siteKeyOf('https://www.DisneyPlus.com/account')).toBe('disneyplus.com');
    expect(siteKeyOf('http://127.0.0.1:8080/')).toBe('127.0.0.1:8080');
    expect(siteKeyOf('not a url')).toBeNull();
    expect(subscriptionLogo({ name: 'Disney+', url: 'https://www.disneyplus.com/', siteLogo: site })).toEqual({
      kind: 'website',
      src: '/logos/sites/disneyplus.com',
    });
    expect(subscriptionLogo({ name: 'Netflix', url: 'https://www.disneyplus.com/', siteLogo: site })?.kind).toBe('brand');
  });

  it('is none when the site has none, or the website is another site now, or there is no website', () => {
    expect(subscriptionLogo({ name: 'Disney+', url: 'https://www.disneyplus.com/', siteLogo: { ...site, src: null } })).toBeNull();
    expect(subscriptionLogo({ name: 'Disney+', url: 'https://hulu.com/', siteLogo: site })).toBeNull();
    expect(subscriptionLogo({ name: 'Disney+', url: null, siteLogo: site })).toBeNull();
  });
});

describe('the thumbnail of Discord’s and Slack’s reminders (issue 36 §5)', () => {
  it('is a PNG or JPEG on our origin: a brand’s PNG tile, a website’s PNG or JPEG icon, a PNG or JPEG upload', () => {
    expect(channelThumbnail({ name: 'Netflix Premium' })).toBe('/logos/brands/netflix.png');
    expect(channelThumbnail({ name: 'Movies', logoChoice: { kind: 'brand', slug: 'netflix' } })).toBe('/logos/brands/netflix.png');
    const site = { site: 'disneyplus.com', src: '/logos/sites/disneyplus.com' };
    const url = 'https://www.disneyplus.com/';
    expect(channelThumbnail({ name: 'Disney+', url, siteLogo: { ...site, format: 'png' } })).toBe(site.src);
    expect(channelThumbnail({ name: 'Gym', uploadedLogo: '/avatars/u/logo-1.jpg', logoChoice: { kind: 'upload' } })).toBe(
      '/avatars/u/logo-1.jpg',
    );
  });

  it('is none for what neither shows (an ICO, a WebP, an SVG) and for no logo', () => {
    const site = { site: 'disneyplus.com', src: '/logos/sites/disneyplus.com' };
    const url = 'https://www.disneyplus.com/';
    expect(channelThumbnail({ name: 'Disney+', url, siteLogo: { ...site, format: 'ico' } })).toBeNull();
    expect(channelThumbnail({ name: 'Disney+', url, siteLogo: { ...site, format: 'webp' } })).toBeNull();
    expect(channelThumbnail({ name: 'Gym', uploadedLogo: '/avatars/u/logo-1.svg', logoChoice: { kind: 'upload' } })).toBeNull();
    expect(channelThumbnail({ name: 'Netflix', logoChoice: { kind: 'none' } })).toBeNull();
    expect(channelThumbnail({ name: 'Riverside Gym' })).toBeNull();
  });
});

describe('fetching through the guard', () => {
  let server: Server;
  let origin: string;
  let connections = 0;
  const routes = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>();

  beforeAll(async () => {
    server = createServer((req, res) => (routes.get(req.url ?? '') ?? ((_q, r) => r.writeHead(404).end()))(req, res));
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  afterEach(() => {
    delete process.env.OUTBOUND_ALLOW_LOOPBACK;
    routes.clear();
  });

  it('in the cloud’s mode refuses loopback, private and metadata addresses before connecting, and asks for nothing more', async () => {
    routes.set('/', (_req, res) => res.end('<link rel="icon" href="/i.png">'));
    connections = 0;
    for (const site of [
      origin,
      'https://127.0.0.1/',
      'https://[::1]/',
      'https://169.254.169.254/',
      'https://10.1.2.3/',
      'https://localhost/',
    ]) {
      const search = await findSiteIcon(site);
      expect(search, site).toMatchObject({ found: false });
      if (search.found) continue;
      expect(search.tried, site).toHaveLength(1);
      expect(search.tried[0].error, site).toMatch(/^Refused: .*, which is not a public address$|^Only https URLs are allowed$/);
    }
    expect(connections).toBe(0);
  });

  it('on the local stack finds the declared icon on loopback, checked by its bytes, after skipping one that is no image', async () => {
    process.env.OUTBOUND_ALLOW_LOOPBACK = '1';
    routes.set('/', (_req, res) =>
      res.end('<head><link rel="icon" href="/big.png" sizes="512x512"><link rel="icon" href="/i.png" sizes="64x64"></head>'),
    );
    routes.set('/big.png', (_req, res) => res.end('<html>not an image</html>'));
    routes.set('/i.png', (_req, res) => res.end(PNG));
    const search = await findSiteIcon(origin);
    expect(search).toMatchObject({ found: true, url: `${origin}/i.png`, format: 'png' });
    if (search.found) expect(Buffer.from(search.bytes).equals(PNG)).toBe(true);
  });

  it('follows a redirect within the site, not to another site, and refuses a body over its cap', async () => {
    process.env.OUTBOUND_ALLOW_LOOPBACK = '1';
    routes.set('/old', (_req, res) => res.writeHead(301, { location: '/new' }).end());
    routes.set('/new', (_req, res) => res.end('moved'));
    routes.set('/away', (_req, res) => res.writeHead(302, { location: 'http://127.0.0.2/' }).end());
    routes.set('/loop', (_req, res) => res.writeHead(302, { location: '/loop' }).end());
    routes.set('/huge', (_req, res) => res.end(Buffer.alloc(ICON_MAX_BYTES + 1)));
    const get = (path: string) => downloadOutbound(origin + path, { maxBytes: ICON_MAX_BYTES, accept: '*/*' });
    expect(await get('/old')).toMatchObject({ ok: true, url: `${origin}/new` });
    connections = 0;
    expect(await get('/away')).toMatchObject({ ok: false, status: 302, error: 'Redirect to http://127.0.0.2/ not followed' });
    expect(connections).toBe(1);
    expect(await get('/loop')).toMatchObject({ ok: false, status: 302, error: `Redirect to ${origin}/loop not followed` });
    expect(await get('/huge')).toMatchObject({ ok: false, error: `Larger than ${ICON_MAX_BYTES} bytes` });
  });
});
