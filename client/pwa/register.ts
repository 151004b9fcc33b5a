import { finishPendingSignOut } from './kept-data';

/** How long after the load event the browser may wait for an idle moment before the worker registers. */
const IDLE_TIMEOUT_MS = 5_000;

/**
 * Registers the service worker (/sw.js, built by vite-plugin-pwa) once the page is usable: after the load
 * event, in an idle moment, so that it never competes with the first page's own requests (decision 0098).
 * The browser's own API, no library: the first load carries only these few lines. Production builds only;
 * a sign-out made offline is finished as soon as the connection is back.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('online', () => void finishPendingSignOut());
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // No worker (a private window may refuse one): the app works online as before.
    });
  };
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(register, 1_000);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
