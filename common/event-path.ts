/**
 * The address of a show's event page (decision 0058): `/events/{id}-{slug}`. The id is what identifies
 * the event; the slug only reads well in a link, so an old or missing one is redirected to the current.
 */

const SLUG_MAX_LENGTH = 80;

/** 'Ellie Hart: Live at Fenway!' → 'ellie-hart-live-at-fenway' (letters and digits of any script kept). */
export function eventSlug(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > SLUG_MAX_LENGTH) break;
    slug = next;
  }
  return slug;
}

/** The event page of event `id`, named `name`. */
export function eventPath(id: number, name: string): string {
  const slug = eventSlug(name);
  return slug ? `/events/${id}-${slug}` : `/events/${id}`;
}

/** The `:idAndSlug` segment of an event page's address: '42-ellie-hart' → { id: 42, slug: 'ellie-hart' }. */
export function parseEventSegment(segment: string): { id: number; slug: string } | null {
  // A slug is never longer than eventSlug makes one (SLUG_MAX_LENGTH): a longer one names no show.
  const match = /^(\d{1,10})(?:-([\p{L}\p{N}-]{0,80}))?$/u.exec(segment);
  if (!match) return null;
  const id = Number(match[1]);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  return { id, slug: match[2] ?? '' };
}
