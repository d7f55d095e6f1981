import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from './router';

/**
 * The landing page's markup at build time (web/vite.config.ts prerenderLanding): the same tree
 * main.tsx hydrates at `/`, so the page paints from the HTML before any script has run.
 */
export function renderLanding(): string {
  return renderToString(
    <StrictMode>
      <StaticRouter location="/">
        <App />
      </StaticRouter>
    </StrictMode>,
  );
}
