import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/** How long a new screen may take to show its heading (its code loading on a slow network) before the announcer lets it be. */
const WAIT_FOR_SCREEN_MS = 10_000;

/** The new screen's main heading: the visible h1 in the main landmark (a screen still loading shows none). */
function screenHeading(): HTMLElement | null {
  for (const heading of document.querySelectorAll<HTMLElement>('main h1')) {
    if (heading.getClientRects().length > 0) return heading;
  }
  return null;
}

/**
 * After every change of screen (not the first load, which the browser announces itself): once the
 * new screen's h1 is on the page, the focus moves to it — unless the screen already put it on one of
 * its own controls — and the page's title is announced in a polite live region. One mechanism for
 * every route, whatever loads the screen and however long that takes.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const shown = useRef<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    const previous = shown.current;
    shown.current = pathname;
    if (previous === null || previous === pathname) return;

    const settle = (): boolean => {
      const heading = screenHeading();
      if (!heading) return false;
      const focused = document.activeElement;
      const screenTookFocus = focused instanceof HTMLElement && focused !== document.body && Boolean(focused.closest('main'));
      if (!screenTookFocus) {
        if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      }
      setAnnouncement(document.title);
      return true;
    };
    if (settle()) return;
    const observer = new MutationObserver(() => {
      if (settle()) stop();
    });
    const timer = window.setTimeout(() => stop(), WAIT_FOR_SCREEN_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['style', 'class', 'hidden'] });
    return stop;
  }, [pathname]);

  return (
    <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {announcement}
    </p>
  );
}
