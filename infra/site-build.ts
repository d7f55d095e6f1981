import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { AssetHashType, DockerImage } from 'aws-cdk-lib';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { projectRoot } from './bundling.js';
import { isPublishedSiteFile, UNPUBLISHED_SITE_FILES } from './site-files.js';

export const webRoot = join(projectRoot, 'web');
export const webDist = join(webRoot, 'dist');

/**
 * The built SPA to publish. Preference: the `webDist` context folder, else `web/dist` when it
 * exists (CI and the README build it with `npm run build:web` before deploying), else the web
 * build runs during synthesis into the asset itself, so a deploy from a clean checkout still
 * ships the current site.
 */
export function builtSite(distDir?: string, defaultDistDir = webDist): s3deploy.ISource {
  if (distDir) {
    if (!existsSync(join(distDir, 'index.html'))) throw new Error(`webDist "${distDir}" holds no index.html; build the site first`);
    return s3deploy.Source.asset(distDir, { exclude: UNPUBLISHED_SITE_FILES });
  }
  if (existsSync(join(defaultDistDir, 'index.html'))) return s3deploy.Source.asset(defaultDistDir, { exclude: UNPUBLISHED_SITE_FILES });
  return s3deploy.Source.asset(webRoot, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Never used: the local build below either succeeds or stops synthesis with its error.
      image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:22'),
      local: {
        tryBundle(outputDir: string): boolean {
          const vite = join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js');
          const build = spawnSync(
            process.execPath,
            [vite, 'build', '--config', join(webRoot, 'vite.config.ts'), '--outDir', outputDir, '--emptyOutDir'],
            { cwd: projectRoot, stdio: ['ignore', 2, 2] },
          );
          if (build.status !== 0) throw new Error('The web build failed (see above); run `npm run build:web` to see why.');
          for (const file of readdirSync(outputDir, { recursive: true, encoding: 'utf8' })) {
            if (!isPublishedSiteFile(file)) rmSync(join(outputDir, file));
          }
          return true;
        },
      },
    },
  });
}
