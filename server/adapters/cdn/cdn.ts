/**
 * The CDN in front of the app (decision 0090): shared caches keep a visitor's event page for a few seconds
 * under surrogate keys, and the app purges a show's key when the show changes.
 */
export interface Cdn {
  readonly kind: 'fastly' | 'none';
  /** Drops every cached answer tagged with one of `keys`; throws when the CDN did not confirm it. */
  purge(keys: string[]): Promise<void>;
}

/** The surrogate key of a show's pages: its page and every filtered address of it. */
export const showSurrogateKey = (eventId: number) => `event-${eventId}`;

/** The key every event page carries as well, to purge them all at once (a deploy that changes the markup). */
export const EVENT_PAGES_SURROGATE_KEY = 'event-pages';

/** No CDN configured (development, tests, a single instance): purges are recorded, nothing is sent. */
export class RecordingCdn implements Cdn {
  readonly kind = 'none' as const;
  /** The keys purged, oldest first; bounded, so a long-running instance keeps only the latest. */
  readonly purged: string[] = [];

  async purge(keys: string[]): Promise<void> {
    this.purged.push(...keys);
    if (this.purged.length > 1_000) this.purged.splice(0, this.purged.length - 1_000);
  }
}
