import { SITE_CONFIG_FILE, type SiteConfig } from '@shared/api/contract';

/**
 * Where the API is, from the site's runtime configuration (`SiteConfig` in the contract): fetched
 * once, while the first screen renders; a failed fetch is retried by the next API call instead of
 * being remembered. A site without the file is served with its API on its own origin.
 */
let apiBaseUrl: Promise<string> | undefined;

async function fetchApiBaseUrl(): Promise<string> {
  const response = await fetch(`/${SITE_CONFIG_FILE}`);
  if (response.status === 404) return '';
  if (!response.ok) throw new Error(`config.json answered ${response.status}`);
  const config = (await response.json()) as Partial<Record<keyof SiteConfig, unknown>>;
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
