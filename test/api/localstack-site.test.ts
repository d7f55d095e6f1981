import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulator, startS3Emulator } from '../../local/emulators.js';
import { publishSite } from '../../scripts/localstack-site.js';

/**
 * `npm run deploy:local` publishes the site itself, because the LocalStack free tier cannot run
 * BucketDeployment: here into the S3 emulator, read back as the S3 website would serve it.
 */
let emulator: Emulator;
let s3: S3Client;
let folder: string;
const BUCKET = 'site-bucket';

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'localstack-site-'));
  emulator = await startS3Emulator(join(folder, 's3'), BUCKET);
  s3 = new S3Client({
    endpoint: emulator.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const dist = join(folder, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><script type="module" src="/assets/index-abc123.js"></script>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'export {};');
  writeFileSync(join(dist, 'assets', 'index-abc123.css'), 'body{}');
  writeFileSync(join(dist, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["src/main.tsx"]}');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Subscription Tracker"}');
  // A config.json left in the build (from a local run) must not win over the deployment's.
  writeFileSync(join(dist, 'config.json'), '{"apiBaseUrl":""}');
  await publishSite({
    s3,
    bucket: BUCKET,
    distDir: dist,
    config: { apiBaseUrl: 'http://abc123.execute-api.localhost.localstack.cloud:4566/local' },
  });
});

afterAll(async () => {
  s3?.destroy();
  await emulator?.stop();
  rmSync(folder, { recursive: true, force: true });
});

async function read(key: string) {
  const object = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return { contentType: object.ContentType, cacheControl: object.CacheControl, body: await object.Body?.transformToString() };
}

describe('publishing the site to LocalStack', () => {
  it('serves scripts as JavaScript, which browsers require of ES modules, and every file with its type', async () => {
    expect((await read('assets/index-abc123.js')).contentType).toBe('text/javascript; charset=utf-8');
    expect((await read('assets/index-abc123.css')).contentType).toBe('text/css; charset=utf-8');
    expect((await read('index.html')).contentType).toBe('text/html; charset=utf-8');
    expect((await read('favicon.svg')).contentType).toBe('image/svg+xml');
    expect((await read('manifest.webmanifest')).contentType).toBe('application/manifest+json');
  });

  it('caches hashed assets for a year and revalidates the rest', async () => {
    expect((await read('assets/index-abc123.js')).cacheControl).toBe('public, max-age=31536000, immutable');
    expect((await read('index.html')).cacheControl).toBe('no-cache');
    expect((await read('config.json')).cacheControl).toBe('no-cache');
  });

  it('publishes no source map', async () => {
    await expect(read('assets/index-abc123.js.map')).rejects.toThrow();
    await expect(read('assets/index-abc123.js')).resolves.toBeDefined();
  });

  it("points the SPA at the deployment's REST API", async () => {
    const config = await read('config.json');
    expect(config.contentType).toBe('application/json');
    expect(JSON.parse(config.body as string)).toEqual({
      apiBaseUrl: 'http://abc123.execute-api.localhost.localstack.cloud:4566/local',
    });
  });

  it('says to build the site first when there is no build', async () => {
    await expect(publishSite({ s3, bucket: BUCKET, distDir: join(folder, 'missing'), config: { apiBaseUrl: '' } })).rejects.toThrow(
      `${join(folder, 'missing')} does not exist: run \`npm run build:web\` first`,
    );
  });
});
