// First: zod's settings must be in place before any lazy chunk loads zod.
import './lib/zod-jitless';
import {
  PRERENDER_DISABLED_ATTRIBUTE,
  PRERENDERED_ATTRIBUTE,
  QUERY_DATA_ELEMENT_ID,
} from '@common/start-app-script';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadFirstPage } from './app/first-page';
import { appRoutes } from './app/routes';
import { createQueryClient } from './lib/query-client';
import { currentUserQueryOptions } from './lib/session';
import { registerServiceWorker } from './pwa/register';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('No #root element');
const queryClient = createQueryClient();
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);

/**
 * A visitor's page is on screen already (scripts/prerender.ts): the app takes it over once the page's
 * code is here, in a task of its own, and enables the controls the build disabled until then. Not a
 * top-level await: Rollup would split the entry's shared modules into many small chunks to allow it.
 */
async function hydratePrerenderedPage(root: HTMLElement) {
  queryClient.setQueryData(currentUserQueryOptions.queryKey, null);
  // A page rendered on request carries the data it was rendered with (an event page): the app starts
  // from the same data, so it takes the page over as it is.
  const queryData = document.getElementById(QUERY_DATA_ELEMENT_ID);
  if (queryData?.textContent) {
    const entries = JSON.parse(queryData.textContent) as [readonly unknown[], unknown][];
    for (const [queryKey, data] of entries) queryClient.setQueryData(queryKey, data);
    queryData.remove();
  }
  // A page that fails to load is the router's to report, as it would be without the prerendered page.
  await loadFirstPage(appRoutes, window.location.pathname).catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 0));
  for (const control of root.querySelectorAll(`[${PRERENDER_DISABLED_ATTRIBUTE}]`)) {
    control.removeAttribute('disabled');
    control.removeAttribute(PRERENDER_DISABLED_ATTRIBUTE);
  }
  // In a transition, hydration yields to the browser every few milliseconds instead of running as one
  // long task: the page is on screen already, and input stays responsive while React takes it over.
  startTransition(() => {
    hydrateRoot(root, app);
  });
  root.removeAttribute(PRERENDERED_ATTRIBUTE);
}

if (container.hasAttribute(PRERENDERED_ATTRIBUTE)) void hydratePrerenderedPage(container);
else createRoot(container).render(app);
// Tickets that open offline (decision 0098): the service worker registers once the page is usable.
registerServiceWorker();
