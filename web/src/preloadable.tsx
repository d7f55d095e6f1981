import { type ComponentType, use } from 'react';

/** A component whose code is loaded on its first render, or ahead of it with `preload()`. */
export type Preloadable<Props extends object> = ComponentType<Props> & {
  preload(): Promise<unknown>;
  /** `preload()`, and the data `prefetch` started, when it comes within FIRST_DATA_WAIT_MS. */
  preloadWithData(): Promise<unknown>;
};

/**
 * How long the first render waits for a screen's first data (since it was asked): data in by then is
 * in that render — no loading state, no second render and layout; slower data shows the screen first.
 */
export const FIRST_DATA_WAIT_MS = 600;

/**
 * Like React's `lazy`, plus `preload()`: once the code is in, the component renders at once
 * instead of suspending for a tick (which shows the nearest Suspense fallback and holds it for
 * React's ~300 ms throttle). `prefetch` starts the data the component opens with, alongside its
 * code (the component shows its own loading state while it is under way). A failed load is tried
 * again by the next `preload()` (a page's first load) or a reload, never by a render: a render that
 * started a new load would suspend on it, fail and render again, a loop of thousands of requests a
 * second for a file a deploy removed. It throws the failure instead, for the error screen (RouteError.tsx).
 */
export function preloadable<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  prefetch?: () => Promise<unknown> | undefined,
): Preloadable<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  let failed: Promise<ComponentType<Props>> | undefined;
  let prefetched: Promise<unknown> | undefined;
  function preload(): Promise<ComponentType<Props>> {
    if (loading !== undefined) return loading;
    prefetched = prefetch?.();
    const attempt = load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = undefined;
        failed = attempt;
        throw error;
      },
    );
    loading = attempt;
    return attempt;
  }
  function preloadWithData(): Promise<unknown> {
    const code = preload();
    if (!prefetched) return code;
    const waited = new Promise((resolve) => window.setTimeout(resolve, FIRST_DATA_WAIT_MS));
    return Promise.all([code, Promise.race([prefetched.catch(() => undefined), waited])]);
  }
  function Loaded(props: Props) {
    const Component = loaded ?? use(loading ?? failed ?? preload());
    return <Component {...props} />;
  }
  Loaded.preload = preload;
  Loaded.preloadWithData = preloadWithData;
  return Loaded;
}
