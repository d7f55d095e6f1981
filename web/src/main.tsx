import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { apiBase } from './api/siteConfig';
import { registerServiceWorker } from './lib/serviceWorker';
import { watchForMissingCode } from './missingCode';
import { App, preloadScreen } from './router';
// Inter ships with the app (DESIGN §7b): woff2 per script, each fetched only when a page uses it, font-display: swap.
import '@fontsource-variable/inter';
import './styles/global.css';

// A code file that a deploy removed reloads the page once, into the current release (RouteError.tsx).
watchForMissingCode();
// Browser notifications and the offline page (web/public/sw.js), registered after the page's load.
registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// Where the API is (/config.json, preloaded by index.html) is read while the first screen loads; a failure is retried by the first call.
apiBase().catch(() => undefined);

const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

// The landing page comes prerendered in index.html (web/src/prerender.tsx), which answers `/` only:
// React takes over its markup. Every other screen renders into app.html's empty root once its code is
// in (and a signed-in screen's requests are under way), so no loading fallback shows first; a chunk that
// failed to load fails again in the render, which shows the error screen.
if (container.hasChildNodes() && window.location.pathname === '/') {
  hydrateRoot(container, app);
} else {
  container.replaceChildren();
  void preloadScreen(window.location.pathname)
    .catch(() => undefined)
    .then(() => createRoot(container).render(app));
  // A page's first Intl object loads the locale data (~25 ms on a slow machine): made while the screen's
  // code downloads, so that the first render (amounts, dates, the user's time zone) does not wait for it.
  window.setTimeout(() => new Intl.DateTimeFormat('en-US').format(0));
}
