import { useSyncExternalStore } from 'react';

const neverChanges = () => () => undefined;

/**
 * `server` in the landing page's prerendered markup (web/src/prerender.tsx) and while React hydrates
 * it, `browser()` from the render after that (at once on a screen rendered in the browser): for what
 * the build cannot know or the server cannot render. `browser` must return the same value each call.
 */
export function useAfterHydration<T>(browser: () => T, server: T): T {
  return useSyncExternalStore(neverChanges, browser, () => server);
}
