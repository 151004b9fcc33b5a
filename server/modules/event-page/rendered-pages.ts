import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

export type HtmlEncoding = 'br' | 'gzip';

/**
 * Brotli at quality 5: within a few percent of gzip's time on an 80 KB page and about 10% smaller than
 * gzip. Quality 11 (zlib's default, and @fastify/compress's) took 60 to 100 times longer (decision 0089).
 */
const BROTLI_QUALITY = 5;

/**
 * A visitor's page as sent: its HTML, a strong ETag per representation, and its br and gzip copies, each
 * made once on first demand, off the event loop (zlib's thread pool).
 */
export class RenderedPage {
  readonly body: Buffer;
  private readonly hash: string;
  private readonly copies = new Map<HtmlEncoding, Promise<Buffer>>();
  private copiesBytes = 0;

  constructor(html: string) {
    this.body = Buffer.from(html);
    this.hash = createHash('sha256').update(this.body).digest('base64url').slice(0, 27);
  }

  /** A strong validator of the representation in `encoding` (RFC 9110 §8.8.3: each coding its own). */
  etag(encoding: HtmlEncoding | null): string {
    return `"${this.hash}${encoding === null ? '' : `-${encoding}`}"`;
  }

  /** Whether an If-None-Match header names any representation of this page (weak comparison, §13.1.2). */
  matches(ifNoneMatch: string | undefined): boolean {
    if (!ifNoneMatch) return false;
    if (ifNoneMatch.trim() === '*') return true;
    const tags = new Set([null, 'br', 'gzip'].map((encoding) => this.etag(encoding as HtmlEncoding | null)));
    return ifNoneMatch.split(',').some((tag) => tags.has(tag.trim().replace(/^W\//, '')));
  }

  /** What the page holds in memory: its HTML and the compressed copies made so far. */
  get bytes(): number {
    return this.body.length + this.copiesBytes;
  }

  copy(encoding: HtmlEncoding): Promise<Buffer> {
    let copy = this.copies.get(encoding);
    if (!copy) {
      copy =
        encoding === 'br'
          ? compressBrotli(this.body, {
              params: {
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: this.body.length,
              },
            })
          : compressGzip(this.body);
      this.copies.set(encoding, copy);
      copy.then(
        (made) => {
          this.copiesBytes += made.length;
        },
        () => undefined,
      );
    }
    return copy;
  }
}

/**
 * The change counters a show's page is made from, as one value: the listings' (migration 0007, which the
 * listing search index reads) and the catalog's search documents' (migration 0021: a show renamed, moved,
 * postponed or cancelled). One read serves every request of the next `maxAgeMs` on `clock` (decision
 * 0089): a hot page costs no statement per request, and a change shows within that time and one read.
 * A read that fails is not kept.
 */
export function showVersionsReader(db: DbOrTx, clock: Clock, maxAgeMs: number): () => Promise<string> {
  const counter = (name: string) =>
    sql.raw(`(select (case when is_called then last_value else 0 end)::text from ${name})`);
  const read = async () => {
    const result = (await db.execute(
      sql`select ${counter('listing_changes')} || '.' || ${counter('event_search_changes')} as versions`,
    )) as unknown as { rows: { versions: string }[] };
    return result.rows[0]?.versions ?? '';
  };
  let last: { startedAt: number; versions: Promise<string> } | null = null;
  return () => {
    const now = clock.now().getTime();
    if (!last || now - last.startedAt >= maxAgeMs) {
      const versions = read();
      const started = { startedAt: now, versions };
      last = started;
      versions.catch(() => {
        if (last === started) last = null;
      });
    }
    return last.versions;
  };
}

/** What a visitor's page is served from while its data stays as it was rendered. */
export interface ShowPage {
  /** The show's id, for the page's Surrogate-Key. */
  eventId: number;
  rendered: RenderedPage;
}

interface Entry {
  page: ShowPage;
  /** The change counters when the data was last read. */
  versions: string;
  /** sha256 of the page's data as rendered: data read again and found the same keeps the render. */
  dataHash: string;
  /** When the data was last read (the clock's ms). */
  checkedAt: number;
}

/** What a read answers instead of a page: a redirect to `location`, or no such page (null). */
export interface Otherwise {
  otherwise: { redirect: string } | null;
}

/** What reading a page's data gives: its JSON once, and how to render it when it is new. */
export interface PageData {
  eventId: number;
  json: string;
  /** Which build renders it: a page rendered by an earlier build is rendered again. */
  build: string;
  render: () => Promise<string>;
}

export interface RenderedPagesOptions {
  clock: Clock;
  versions: () => Promise<string>;
  /** At most this many pages are kept, and at most this many bytes of them: the least recently used leave first. */
  maxPages: number;
  maxBytes: number;
  /**
   * Data read this long ago is read again even when no counter moved: what the counters do not follow (a
   * hold or an editor lapsing by time, a seller's rating, a counter read between a change and its commit)
   * shows within this.
   */
  recheckMs: number;
}

/**
 * Visitors' rendered event pages (decision 0089), each rendered once per change of its data, not per
 * request: a page is served from memory while the change counters stand still and its data was read less
 * than `recheckMs` ago; then its data is read again (one read for all requests of that moment), and only
 * data that differs from what was rendered is rendered anew.
 */
export class RenderedPages {
  private readonly entries = new Map<string, Entry>();
  private readonly refreshing = new Map<string, Promise<Entry | Otherwise>>();

  constructor(private readonly options: RenderedPagesOptions) {}

  /**
   * The page at `location`, or what `read` answered instead of data (a redirect, a 404: every request of
   * that moment gets the same). `read` loads the data; it is called only when the kept page may be out of date.
   */
  async get(location: string, read: () => Promise<PageData | Otherwise>): Promise<ShowPage | Otherwise> {
    const versions = await this.options.versions();
    const entry = this.entries.get(location);
    const now = this.options.clock.now().getTime();
    if (entry && entry.versions === versions && now - entry.checkedAt < this.options.recheckMs) {
      this.touch(location, entry);
      return entry.page;
    }
    // Joins a read of the same counters only: a read begun before a change this request saw is not enough.
    const key = `${versions} ${location}`;
    let refresh = this.refreshing.get(key);
    if (!refresh) {
      refresh = this.refresh(location, versions, now, read).finally(() => this.refreshing.delete(key));
      this.refreshing.set(key, refresh);
    }
    const refreshed = await refresh;
    return 'page' in refreshed ? refreshed.page : refreshed;
  }

  get size(): number {
    return this.entries.size;
  }

  private async refresh(
    location: string,
    versions: string,
    now: number,
    read: () => Promise<PageData | Otherwise>,
  ): Promise<Entry | Otherwise> {
    const data = await read();
    if ('otherwise' in data) return data;
    const dataHash = createHash('sha256')
      .update(data.build)
      .update('\n')
      .update(data.json)
      .digest('base64url');
    const kept = this.entries.get(location);
    const page =
      kept && kept.dataHash === dataHash
        ? kept.page
        : { eventId: data.eventId, rendered: new RenderedPage(await data.render()) };
    const entry: Entry = { page, versions, dataHash, checkedAt: now };
    this.touch(location, entry);
    return entry;
  }

  /** What the kept pages hold in memory (a page kept at two addresses counts twice: an upper bound). */
  get bytes(): number {
    let total = 0;
    for (const entry of this.entries.values()) total += entry.page.rendered.bytes;
    return total;
  }

  private touch(location: string, entry: Entry): void {
    this.entries.delete(location);
    this.entries.set(location, entry);
    // The page just touched stays, however large: it is the one being asked for.
    let bytes = this.bytes;
    for (const [oldest, left] of this.entries) {
      if (
        this.entries.size <= 1 ||
        (this.entries.size <= this.options.maxPages && bytes <= this.options.maxBytes)
      )
        break;
      this.entries.delete(oldest);
      bytes -= left.page.rendered.bytes;
    }
  }
}
