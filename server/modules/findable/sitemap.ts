import { sql } from 'drizzle-orm';
import { eventPath } from '../../../common/event-path.js';
import type { Db } from '../../db/client.js';
import { searchDocumentOnSaleSql } from '../../lib/on-sale-sql.js';

/**
 * The sitemap (decision 0092): an index of files of at most SITEMAP_ADDRESSES_PER_FILE addresses each (the
 * protocol's limit), the public pages in one and the shows in the others. A show's file is a range of
 * event ids: file N holds the shows on sale with ids from (N - 1) × perFile + 1 to N × perFile, so no file
 * can outgrow the limit, a file's contents are one range scan of event_search's primary key, and a show
 * keeps its file whatever happens to the others.
 */

export const SITEMAP_ADDRESSES_PER_FILE = 50_000;
/** Rows per statement while a file is read: each statement stays short, whatever the file's size. */
const ROWS_PER_STATEMENT = 10_000;

/** The public pages a visitor can land on, as the client routes name them (common/app-paths.ts). */
export const PUBLIC_PAGES = ['/', '/home', '/promise', '/giving-back', '/terms', '/privacy'] as const;

export const xmlEscape = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');

/** An absolute address as the sitemap protocol wants it: percent-encoded, then entity-escaped. */
const location = (appUrl: string, pathname: string) => xmlEscape(new URL(pathname, appUrl).href);

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** `/sitemaps/events-N.xml`: N counts from 1. */
export const eventSitemapPath = (file: number) => `/sitemaps/events-${file}.xml`;
export const PAGES_SITEMAP_PATH = '/sitemaps/pages.xml';

/**
 * The numbers of the show files that hold at least one show on sale at `now`: a loose index scan, one
 * probe of event_search's primary key per file (about twenty at a million shows), not a read of every row.
 */
export async function eventSitemapFiles(db: Db, now: Date, perFile: number): Promise<number[]> {
  const result = (await db.execute(sql`
    with recursive file(n) as (
      (select (s.event_id - 1) / ${perFile} + 1 as n from event_search s
        where ${searchDocumentOnSaleSql(now)} order by s.event_id limit 1)
      union all
      select (select (s.event_id - 1) / ${perFile} + 1 from event_search s
          where s.event_id > file.n * ${perFile} and ${searchDocumentOnSaleSql(now)}
          order by s.event_id limit 1)
        from file where file.n is not null
    )
    select n::int as n from file where n is not null`)) as unknown as { rows: { n: number }[] };
  return result.rows.map((row) => row.n);
}

/** The sitemap index: the pages' file and each show file. */
export function sitemapIndex(appUrl: string, files: number[]): string {
  const entry = (pathname: string) => `<sitemap><loc>${location(appUrl, pathname)}</loc></sitemap>\n`;
  return `${XML_HEAD}<sitemapindex xmlns="${NAMESPACE}">\n${entry(PAGES_SITEMAP_PATH)}${files
    .map((file) => entry(eventSitemapPath(file)))
    .join('')}</sitemapindex>\n`;
}

export function pagesSitemap(appUrl: string): string {
  const entries = PUBLIC_PAGES.map((pathname) => `<url><loc>${location(appUrl, pathname)}</loc></url>\n`);
  return `${XML_HEAD}<urlset xmlns="${NAMESPACE}">\n${entries.join('')}</urlset>\n`;
}

interface SitemapRow {
  id: number;
  name: string;
  /** When the show's catalog entry last changed; '-infinity' for one unchanged since migration 0021. */
  changed_at: string;
}

/** A timestamp as the protocol's W3C datetime, or null for one that is not a real time. */
function lastModified(changedAt: string): string | null {
  const time = new Date(changedAt);
  return Number.isNaN(time.getTime()) ? null : time.toISOString();
}

/**
 * Show file `file`: the page of every show on sale at `now` whose id is in the file's range, in id order,
 * with the time its catalog entry last changed. Read in keyset pages of ROWS_PER_STATEMENT. The range is
 * given for both tables, so that both primary key scans of the merge join start at the page.
 */
export async function eventSitemap(
  db: Db,
  appUrl: string,
  file: number,
  perFile: number,
  now: Date,
): Promise<string> {
  const last = file * perFile;
  const parts = [`${XML_HEAD}<urlset xmlns="${NAMESPACE}">\n`];
  let after = (file - 1) * perFile;
  for (;;) {
    const { rows } = (await db.execute(sql`
      select s.event_id as id, e.name, s.changed_at::text as changed_at
      from event_search s join events e on e.id = s.event_id
      where s.event_id > ${after} and s.event_id <= ${last} and ${searchDocumentOnSaleSql(now)}
        and e.id > ${after} and e.id <= ${last}
      order by s.event_id
      limit ${ROWS_PER_STATEMENT}`)) as unknown as { rows: SitemapRow[] };
    for (const row of rows) {
      const modified = lastModified(row.changed_at);
      parts.push(
        `<url><loc>${location(appUrl, eventPath(row.id, row.name))}</loc>${
          modified ? `<lastmod>${modified}</lastmod>` : ''
        }</url>\n`,
      );
    }
    const next = rows.at(-1);
    if (rows.length < ROWS_PER_STATEMENT || !next) break;
    after = next.id;
  }
  parts.push('</urlset>\n');
  return parts.join('');
}

/** Addresses crawlers may follow: the public pages; not the API, accounts, checkout or the back office. */
const PRIVATE_PREFIXES = [
  '/api/',
  '/admin',
  '/ambsd',
  '/auth',
  '/login',
  '/signup',
  '/profile',
  '/my-tickets',
  '/my-bids',
  '/messages',
  '/listing',
  '/pending-reviews',
  '/verify-identity',
  '/verify-email',
  '/reset-password',
  '/forgot-password',
  '/forgot-username',
  '/newsletter/',
  '/price-alerts/',
  '/price-cap-fix',
  '/purchase',
  '/safari-purchase-success',
  '/sandbox/',
  '/bids/',
] as const;

export function robotsTxt(appUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${new URL('/sitemap.xml', appUrl).href}`,
    '',
  ].join('\n');
}
