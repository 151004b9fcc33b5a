import { parseEventSegment } from './event-path.js';

/**
 * The addresses the app has a page for (client/app/routes.tsx; a client test keeps the two lists equal).
 * The server answers any other address with the app's not-found page and 404 (issue 43 §12, §14), as it
 * answers an unknown show's page. `:name` is one segment of at most 200 characters; the show's segment is
 * read as the event page reads it (an id, and a slug of at most 80 characters).
 */
export const APP_PATHS = [
  '/',
  '/home',
  '/auth',
  '/login',
  '/signup',
  '/verify-email',
  '/verify-email/:token',
  '/reset-password',
  '/reset-password/:token',
  '/forgot-password',
  '/forgot-username',
  '/giving-back',
  '/promise',
  '/terms',
  '/privacy',
  '/newsletter/confirm/:token',
  '/newsletter/unsubscribe',
  '/price-alerts/unsubscribe',
  '/price-cap-fix',
  '/purchase-status',
  '/purchase/cancel',
  '/safari-purchase-success',
  '/sandbox/checkout/:sessionId',
  '/sandbox/onboarding/:accountId',
  '/events/:segment',
  '/listing',
  '/profile',
  '/my-tickets',
  '/my-bids',
  '/verify-identity',
  '/bids/authenticate/:sessionId',
  '/pending-reviews',
  '/messages',
  '/admin',
  '/ambsd',
] as const;

const PARAM_MAX_LENGTH = 200;

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

function segmentMatches(pattern: string, segment: string): boolean {
  if (!pattern.startsWith(':')) return pattern === segment.toLowerCase();
  const value = decoded(segment);
  if (!value || value.length > PARAM_MAX_LENGTH) return false;
  return pattern === ':segment' ? parseEventSegment(value) !== null : true;
}

const PATTERNS = APP_PATHS.map((pattern) => pattern.split('/').filter(Boolean));

/**
 * Whether the app has a page at `pathname` (without its query), as the client's router matches it: segment
 * by segment, the fixed ones in any case, with one trailing slash allowed.
 */
export function isAppPath(pathname: string): boolean {
  if (pathname.length > 1_000) return false;
  const segments = (pathname.endsWith('/') ? pathname.slice(0, -1) : pathname).split('/').slice(1);
  if (segments.length === 1 && segments[0] === '') return true;
  return PATTERNS.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, index) => segmentMatches(part, segments[index] ?? '')),
  );
}
