import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Artist images the catalog stores itself (the generated demo art is a data: URL) are served by URL
 * (decision 0018): answers carry `/api/artists/{id}/image?v={version}`, the version being the first
 * 16 hex digits of the stored value's md5, so a changed image gets a new URL and a browser may keep
 * each one for a year. Images stored as http(s) URLs (imported ones) are given as they are.
 */
export const ARTIST_IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The version of a stored image in SQL; the route compares against the same expression. */
export function imageVersionSql(image: SQL | AnyPgColumn): SQL<string> {
  return sql<string>`left(md5(${image}), 16)`;
}

/** The image URL an answer carries for an artist, computed in SQL so the data: URL never leaves the database. */
export function artistImageUrlSql(id: SQL | AnyPgColumn, image: SQL | AnyPgColumn): SQL<string | null> {
  return sql<string | null>`case when ${image} like 'data:%'
    then '/api/artists/' || ${id} || '/image?v=' || ${imageVersionSql(image)} else ${image} end`;
}

/** The raster and vector types an <img> shows; anything else stored as a data: URL is not served. */
const SERVED_TYPES = new Set(['image/svg+xml', 'image/png', 'image/jpeg', 'image/webp', 'image/gif']);

export interface DecodedImage {
  contentType: string;
  body: Buffer;
}

/** Decodes `data:<type>[;base64],<data>`; null for anything else or a type not in SERVED_TYPES. */
export function decodeDataUrl(value: string): DecodedImage | null {
  const match = /^data:([^;,]+)((?:;[^;,]*)*),/.exec(value);
  if (!match?.[1]) return null;
  const contentType = match[1].toLowerCase();
  if (!SERVED_TYPES.has(contentType)) return null;
  const data = value.slice(match[0].length);
  if ((match[2] ?? '').split(';').includes('base64'))
    return { contentType, body: Buffer.from(data, 'base64') };
  try {
    return { contentType, body: Buffer.from(decodeURIComponent(data), 'utf8') };
  } catch {
    // A malformed percent-escape: not an image we can serve.
    return null;
  }
}
