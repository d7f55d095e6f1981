import { type ComponentType, use } from 'react';

/** A component whose code is loaded on its first render, or ahead of it with `preload()`. */
export type Preloadable<Props extends object> = ComponentType<Props> & { preload(): Promise<unknown> };

/**
 * Like React's `lazy`, plus `preload()`: once the code is in, the component renders at once
 * instead of suspending for a tick (which shows the nearest Suspense fallback and holds it for
 * React's ~300 ms throttle). `prefetch` starts the data the component opens with, alongside its
 * code (never awaited: the component shows its own loading state). A failed load is tried again
 * on the next render or preload.
 */
export function preloadable<Props extends object>(load: () => Promise<ComponentType<Props>>, prefetch?: () => void): Preloadable<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  function preload(): Promise<ComponentType<Props>> {
    if (loading !== undefined) return loading;
    prefetch?.();
    loading = load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  }
  function Loaded(props: Props) {
    const Component = loaded ?? use(preload());
    return <Component {...props} />;
  }
  Loaded.preload = preload;
  return Loaded;
}
