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
  '/promise': ['features/static-pages/pages/promise-page.tsx'],
};

/**
 * The pages rendered on request for a visitor (server/modules/event-page/html.ts), by route, with the
 * lazily loaded modules their HTML preloads, as above.
 */
export const RENDERED_ON_REQUEST: Record<string, string[]> = {
  '/events/:id': ['app/event-route.tsx'],
};
