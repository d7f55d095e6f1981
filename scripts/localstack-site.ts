import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { cacheControlOf, contentTypeOf, isPublishedSiteFile } from '../infra/site-files.js';
import { SITE_CONFIG_FILE, type SiteConfig } from '../shared/api/contract.js';

/**
 * Publishes a web build to the LocalStack deployment's S3 website bucket, which BucketDeployment
 * cannot fill there (its custom resource needs Lambda layers): every file but the source maps, with its content type —
 * browsers refuse ES modules served as anything but JavaScript — hashed `assets/` cached for a year,
 * the rest revalidated, and the `config.json` that points the SPA at the REST API.
 */
export interface SiteUpload {
  key: string;
  contentType: string;
  cacheControl: string;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

export async function publishSite(options: { s3: S3Client; bucket: string; distDir: string; config: SiteConfig }): Promise<SiteUpload[]> {
  let files: string[];
  try {
    files = filesUnder(options.distDir);
  } catch {
    throw new Error(`${options.distDir} does not exist: run \`npm run build:web\` first`);
  }
  const objects: Array<{ key: string; body: Buffer | string }> = files
    .map((path) => ({ key: relative(options.distDir, path).split(sep).join('/'), body: readFileSync(path) }))
    .filter((object) => object.key !== SITE_CONFIG_FILE && isPublishedSiteFile(object.key));
  objects.push({ key: SITE_CONFIG_FILE, body: JSON.stringify(options.config) });

  const uploads: SiteUpload[] = [];
  for (const object of objects) {
    const upload = {
      key: object.key,
      contentType: contentTypeOf(object.key),
      cacheControl: cacheControlOf(object.key),
    };
    await options.s3.send(
      new PutObjectCommand({
        Bucket: options.bucket,
        Key: upload.key,
        Body: object.body,
        ContentType: upload.contentType,
        CacheControl: upload.cacheControl,
      }),
    );
    uploads.push(upload);
  }
  return uploads;
}
