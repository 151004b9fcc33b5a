import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Tokens for links in e-mails that must work without signing in (decision 0060): an id and an HMAC-SHA256 of
 * it under the server's EMAIL_LINK_SECRET, bound to one purpose, so a token names only its own row, cannot
 * be made for another and is good for nothing else. They do not expire: an unsubscribe link must keep
 * working (RFC 8058).
 */
const TOKEN_PATTERN = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/;

function signature(secret: string, purpose: string, id: number): Buffer {
  return createHmac('sha256', secret).update(`${purpose}:${id}`).digest();
}

export function signedIdToken(secret: string, purpose: string, id: number): string {
  return `${id}.${signature(secret, purpose, id).toString('base64url')}`;
}

/** The id a token names for `purpose`, or null when it is malformed or its signature does not match. */
export function idOfSignedToken(secret: string, purpose: string, token: string): number | null {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) return null;
  // Compared as text: 43 base64url characters carry two bits more than the 32 bytes, so decoding first
  // would also accept each signature's three other spellings.
  const given = Buffer.from(match[2] ?? '');
  const expected = Buffer.from(signature(secret, purpose, id).toString('base64url'));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}
