/**
 * A tab opened before a deploy asks for its own release's code files as the user moves on. The
 * cloud keeps the earlier releases' files (docs/decisions/0053-deploy-under-open-tabs.md); when one
 * is missing all the same, the page reloads once, into the current release, and if the code is
 * still missing after that, the error screen says so with a Reload button (RouteError.tsx).
 */

/** The failures of code files to load, as Vite's chunk loader reports them. */
const missingCode = new WeakSet<object>();

/**
 * Notes each code file that fails to load: Vite's loader, through which every dynamic import of the
 * build goes, fires `vite:preloadError` with the error the import then fails with.
 */
export function watchForMissingCode(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const { payload } = event as Event & { payload?: unknown };
    if (typeof payload === 'object' && payload !== null) missingCode.add(payload);
  });
}

/** Whether an error is a code file that failed to load. */
export function isMissingCode(error: unknown): boolean {
  return typeof error === 'object' && error !== null && missingCode.has(error);
}

/** The release this page runs: the URL of the build's entry file, whose name changes with every build. */
const RELEASE = import.meta.url;
const RELOAD_MARK = 'reloadedForMissingCode';
/** A reload for missing code that comes back to the same release within this time does not reload again. */
const RELOAD_GUARD_MS = 5 * 60_000;

interface ReloadMark {
  release: string;
  at: number;
}

/**
 * Whether missing code may reload the page: not when this release already reloaded for it in the
 * last RELOAD_GUARD_MS (the reload brought back the same page, so it would loop), nor without
 * session storage (nothing to guard the loop with).
 */
export function mayReloadForMissingCode(): boolean {
  let stored: string | null;
  try {
    stored = sessionStorage.getItem(RELOAD_MARK);
  } catch {
    return false;
  }
  let mark: Partial<ReloadMark> | null = null;
  try {
    mark = JSON.parse(stored ?? 'null') as Partial<ReloadMark> | null;
  } catch {
    // A mark that is not ours guards nothing.
  }
  return !(mark?.release === RELEASE && typeof mark.at === 'number' && Date.now() - mark.at < RELOAD_GUARD_MS);
}

/** Reloads the page into the current release, noting it for mayReloadForMissingCode. */
export function reloadForMissingCode(): void {
  const mark: ReloadMark = { release: RELEASE, at: Date.now() };
  sessionStorage.setItem(RELOAD_MARK, JSON.stringify(mark));
  window.location.reload();
}
