/** How long a destination kept through sign-in may be: an address inside Encore is far shorter. */
const DESTINATION_MAX_LENGTH = 300;
const SITE = 'https://encore.invalid';

/**
 * A `next` destination that stays on this site: a relative path such as '/?ticket=12', never a full
 * address, a protocol-relative '//host' or a backslash trick, so a link cannot bounce a user elsewhere
 * after they sign in (no open redirect). Null when it is anything else.
 */
export function safeDestination(next: string | null | undefined): string | null {
  if (!next || next.length > DESTINATION_MAX_LENGTH) return null;
  if (!next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(next, SITE);
  } catch {
    return null;
  }
  if (url.origin !== SITE) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /login, carrying `destination` to come back to once signed in. */
export function loginThenTo(destination: string): string {
  return `/login?next=${encodeURIComponent(destination)}`;
}
