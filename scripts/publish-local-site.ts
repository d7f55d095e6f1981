/**
 * Publishes the built SPA (web/dist) to the LocalStack deployment's S3 website bucket, with the
 * `config.json` that points it at the LocalStack REST API. Runs after
 * `cdklocal deploy --all -c target=localstack --outputs-file <file>`, because on LocalStack's free
 * tier CDK's BucketDeployment cannot run (it needs Lambda layers).
 *
 *     tsx scripts/publish-local-site.ts [outputs-file]   (default: cdk.out/localstack-outputs.json)
 *
 * LocalStack's endpoint comes from AWS_ENDPOINT_URL (default http://localhost:4566).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { projectRoot } from '../infra/bundling.js';
import { STACK_NAME } from '../infra/stack.js';
import { SITE_CONFIG_FILE, type SiteConfig, webDist } from '../infra/web.js';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

function stackOutputs(file: string): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`Cannot read the deployment's outputs from ${file} (deploy with --outputs-file ${file}): ${String(error)}`);
  }
  const outputs = (parsed as Record<string, Record<string, string> | undefined>)[STACK_NAME];
  if (!outputs?.SiteBucketName || !outputs.ApiUrl) {
    throw new Error(`${file} has no SiteBucketName/ApiUrl outputs of stack ${STACK_NAME}; was it deployed with -c target=localstack?`);
  }
  return outputs;
}

async function main(): Promise<void> {
  const outputsFile = process.argv[2] ?? join(projectRoot, 'cdk.out', 'localstack-outputs.json');
  const { SiteBucketName: bucket, ApiUrl: apiUrl, SiteUrl: siteUrl } = stackOutputs(outputsFile);

  let files: string[];
  try {
    files = filesUnder(webDist);
  } catch {
    throw new Error(`${webDist} does not exist: run \`npm run build:web\` first`);
  }

  const s3 = new S3Client({
    endpoint: process.env.AWS_ENDPOINT_URL_S3 ?? process.env.AWS_ENDPOINT_URL ?? 'http://localhost:4566',
    region: process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'us-east-1',
    forcePathStyle: true,
    credentials:
      process.env.AWS_ACCESS_KEY_ID && process.env.AWS_SECRET_ACCESS_KEY
        ? undefined
        : { accessKeyId: 'test', secretAccessKey: 'test' },
  });

  const siteConfig: SiteConfig = { apiBaseUrl: apiUrl.replace(/\/+$/, '') };
  const uploads: Array<{ key: string; body: Buffer | string; contentType: string }> = files
    .map((path) => ({
      key: relative(webDist, path).split(sep).join('/'),
      body: readFileSync(path),
      contentType: CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
    }))
    .filter((upload) => upload.key !== SITE_CONFIG_FILE);
  uploads.push({ key: SITE_CONFIG_FILE, body: JSON.stringify(siteConfig), contentType: CONTENT_TYPES['.json'] });

  for (const upload of uploads) {
    await s3.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: upload.key,
        Body: upload.body,
        ContentType: upload.contentType,
        CacheControl: upload.key.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      }),
    );
  }
  console.log(`Published ${uploads.length} files to s3://${bucket}; the site is at ${siteUrl}, its API at ${siteConfig.apiBaseUrl}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
