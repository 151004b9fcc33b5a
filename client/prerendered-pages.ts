/**
 * The pages the build prerenders for visitors (client/prerender.tsx), by address, each with the modules
 * of its code that the router loads lazily, as source paths relative to client/. The prerendered HTML
 * preloads those modules; bench/first-load.bench.ts counts them. No imports: Node scripts read it.
 */
export const PRERENDERED_PAGES: Record<string, string[]> = {
  '/': ['features/landing/pages/landing-page.tsx'],
  '/home': ['features/public-home/pages/public-home-page.tsx'],
  '/login': ['features/auth/pages/auth-page.tsx'],
  '/signup': ['features/auth/pages/auth-page.tsx'],
  '/auth': ['features/auth/pages/auth-page.tsx'],
};

/**
 * On #root of a prerendered page. The server sends such a page only to a request without a session
 * cookie, so the app starts with no session and hydrates the page (client/main.tsx).
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** On the controls the build disabled until the app takes over; the app enables them as it hydrates. */
export const PRERENDER_DISABLED_ATTRIBUTE = 'data-prerender-disabled';
