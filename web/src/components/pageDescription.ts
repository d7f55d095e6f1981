import { useEffect } from 'react';

/**
 * Sets the page's `<meta name="description">` (index.html's, the landing page's own) while a screen is
 * shown, and puts the site's back when it goes: one description tag, always the current screen's.
 */
export function usePageDescription(description: string): void {
  useEffect(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) return;
    const site = meta.content;
    meta.content = description;
    return () => {
      meta.content = site;
    };
  }, [description]);
}
