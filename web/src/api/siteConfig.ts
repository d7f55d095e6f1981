/**
 * The site's runtime configuration, `/config.json`, published next to the SPA by the deployment
 * (infra/web.ts `SiteConfig`): `apiBaseUrl` is empty where the API shares the site's origin (the
 * cloud behind CloudFront, the local stack) and the REST API's URL on LocalStack, where the site
 * is an S3 website on another origin. Fetched once, while the first screen renders; a failed
 * fetch is retried by the next API call instead of being remembered.
 */
let apiBaseUrl: Promise<string> | undefined;

async function fetchApiBaseUrl(): Promise<string> {
  const response = await fetch('/config.json', { cache: 'no-cache', headers: { Accept: 'application/json' } });
  if (response.status === 404) return '';
  if (!response.ok) throw new Error(`config.json answered ${response.status}`);
  const config = (await response.json()) as { apiBaseUrl?: unknown };
  return typeof config.apiBaseUrl === 'string' ? config.apiBaseUrl.replace(/\/+$/, '') : '';
}

/** Prefix for the contract's `/api/...` paths. */
export function apiBase(): Promise<string> {
  apiBaseUrl ??= fetchApiBaseUrl().catch((error: unknown) => {
    apiBaseUrl = undefined;
    throw error;
  });
  return apiBaseUrl;
}
