import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { apiBase } from './api/siteConfig';
import { App } from './router';
// Inter ships with the app (DESIGN §7b): woff2 per script, each fetched only when a page uses it, font-display: swap.
import '@fontsource-variable/inter';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// Where the API is (/config.json) is fetched while the first screen renders; a failure is retried by the first call.
apiBase().catch(() => undefined);

createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
