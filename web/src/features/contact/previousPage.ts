/**
 * Whether the page before this one in the tab is one of ours, so 'Go Back' can go back to it
 * (issue 23 #2): in-app history (react-router gives the first location of a tab the key 'default'),
 * else the Navigation API, which lists only this origin's entries of the tab (so an entry before
 * the current one is ours, even one typed into the address bar), else a same-origin referrer with
 * a page to go back to, for browsers without that API.
 */
export function previousPageIsOurs(locationKey: string): boolean {
  if (locationKey !== 'default') return true;
  const navigation = (window as { navigation?: { currentEntry?: { index: number } | null } }).navigation;
  if (navigation?.currentEntry) return navigation.currentEntry.index > 0;
  return window.history.length > 1 && isSameOrigin(document.referrer);
}

function isSameOrigin(address: string): boolean {
  if (!address) return false;
  try {
    return new URL(address).origin === window.location.origin;
  } catch {
    return false;
  }
}
