import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../infra/bundling.js';
import { apiUrl } from './helpers.js';

/**
 * The web build as the local stack serves it, compared with what CloudFront does in front of S3
 * (infra/cloudfront-site.ts: compression on, gzip and brotli accepted; S3's ETag is the file's MD5). Raw HTTP,
 * so the bytes on the wire are checked before any decoding. `npm test` builds web/dist first (test/api/global-setup.ts builds it when a source changed since).
 */
const dist = join(projectRoot, 'web', 'dist');

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const call = request(new URL(path, apiUrl()), { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    call.on('error', reject);
    call.end();
  });
}

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');
const entryScript = () =>
  /src="\/(assets\/index-[^"]+\.js)"/.exec(readFileSync(join(dist, 'index.html'), 'utf8'))?.[1] ?? 'no entry script';

describe('the web build, served compressed as CloudFront does', () => {
  it('sends brotli when accepted, else gzip, each decoding to the file, with its own length, Vary and a weak ETag', async () => {
    const file = entryScript();
    const bytes = readFileSync(join(dist, file));

    const br = await get(`/${file}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(bytes.length / 2);
    expect(brotliDecompressSync(br.body).equals(bytes)).toBe(true);
    expect(br.headers.etag).toBe(`W/"${md5(bytes)}"`);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');

    const gzip = await get(`/${file}`, { 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(Number(gzip.headers['content-length'])).toBe(gzip.body.length);
    expect(gunzipSync(gzip.body).equals(bytes)).toBe(true);
    expect(gzip.headers.vary).toBe('Accept-Encoding');
  });

  it('sends the file itself, with S3’s strong ETag, to a client that accepts no compression', async () => {
    const file = entryScript();
    const bytes = readFileSync(join(dist, file));
    for (const acceptEncoding of [undefined, 'identity', 'gzip;q=0']) {
      const plain = await get(`/${file}`, acceptEncoding ? { 'accept-encoding': acceptEncoding } : {});
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('Accept-Encoding');
      expect(Number(plain.headers['content-length'])).toBe(bytes.length);
      expect(plain.body.equals(bytes)).toBe(true);
      expect(plain.headers.etag).toBe(`"${md5(bytes)}"`);
    }
  });

  it('answers / with the prerendered landing page and every other screen with the app shell', async () => {
    const landing = await get('/', { 'accept-encoding': 'gzip' });
    expect(landing.headers['cache-control']).toBe('no-cache');
    const landingHtml = gunzipSync(landing.body).toString('utf8');
    expect(landingHtml).toBe(readFileSync(join(dist, 'index.html'), 'utf8'));
    expect(landingHtml).toContain('<h1 id="hero-title"');
    expect(landingHtml).toContain('<title>Track every subscription · Subscription Tracker</title>');
    // Its stylesheet is inline: the first frame waits for no request. Its link stays, disabled, for Vite's chunk loader.
    expect(landingHtml).toMatch(/<style>[\s\S]{1000,}?<\/style>/);
    expect(landingHtml.match(/<link rel="stylesheet"[^>]*>/g)).toEqual([expect.stringMatching(/ disabled>$/)]);

    for (const screen of ['/dashboard', '/features', '/login']) {
      const shell = gunzipSync((await get(screen, { 'accept-encoding': 'gzip' })).body).toString('utf8');
      expect(shell).toBe(readFileSync(join(dist, 'app.html'), 'utf8'));
      expect(shell).toContain('<div id="root"></div>');
      expect(shell).toContain('rel="stylesheet"');
    }
  });

  it('answers a revalidation with 304 and no body, and HEAD with the headers only', async () => {
    const html = readFileSync(join(dist, 'app.html'));
    const first = await get('/dashboard', { 'accept-encoding': 'gzip' });
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(first.body).equals(html)).toBe(true);
    const etag = String(first.headers.etag);

    const again = await get('/dashboard', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    // A changed file (a new release) no longer matches.
    expect((await get('/dashboard', { 'accept-encoding': 'gzip', 'if-none-match': 'W/"0123"' })).status).toBe(200);

    const head = await get('/login', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(first.headers['content-length']);
  });

  it('leaves fonts and files under 1,000 bytes uncompressed, as CloudFront does', async () => {
    const font = readdirSync(join(dist, 'assets')).find((name) => name.endsWith('.woff2')) ?? 'no font';
    const fontAnswer = await get(`/assets/${font}`, { 'accept-encoding': 'gzip, br' });
    expect(fontAnswer.headers['content-type']).toBe('font/woff2');
    expect(fontAnswer.headers['content-encoding']).toBeUndefined();
    expect(fontAnswer.headers.vary).toBeUndefined();
    expect(fontAnswer.body.equals(readFileSync(join(dist, 'assets', font)))).toBe(true);

    const small = readdirSync(join(dist, 'assets')).find(
      (name) => name.endsWith('.js') && readFileSync(join(dist, 'assets', name)).length < 1000,
    );
    expect(small).toBeDefined();
    const smallAnswer = await get(`/assets/${small}`, { 'accept-encoding': 'gzip, br' });
    expect(smallAnswer.headers['content-encoding']).toBeUndefined();
    expect(smallAnswer.body.equals(readFileSync(join(dist, 'assets', String(small))))).toBe(true);
  });

  it('serves each built-in brand’s logo as an SVG image, cached a day (issue 36 §1)', async () => {
    const answer = await get('/logos/brands/netflix.svg');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('image/svg+xml');
    expect(answer.headers['cache-control']).toBe('public, max-age=86400');
    expect(answer.body.toString('utf8')).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 32 32"><rect [^>]*fill="#E50914"\/><path /,
    );
    const files = readdirSync(join(dist, 'logos', 'brands'));
    expect(files.filter((file) => file.endsWith('.svg')).length).toBeGreaterThan(3000);
  });

  it('serves each one as a 96 px PNG too, the thumbnail of Discord’s and Slack’s reminders (issue 36 §5)', async () => {
    const answer = await get('/logos/brands/netflix.png');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('image/png');
    expect(answer.headers['cache-control']).toBe('public, max-age=86400');
    // A PNG's signature, then its header: 96 × 96.
    expect(answer.body.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect([answer.body.readUInt32BE(16), answer.body.readUInt32BE(20)]).toEqual([96, 96]);
    const files = readdirSync(join(dist, 'logos', 'brands'));
    expect(files.filter((file) => file.endsWith('.png')).length).toBe(files.filter((file) => file.endsWith('.svg')).length);
  });
});
