import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The one-click unsubscribe link's token (decision 0060): the member's id and an HMAC-SHA256 of it under the
 * server's EMAIL_LINK_SECRET, so the link works without signing in, names only its own member, and cannot
 * be made for anyone else. It does not expire: an unsubscribe link must keep working (RFC 8058).
 */
const PURPOSE = 'price-alerts-unsubscribe:v1';
const TOKEN_PATTERN = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/;

function signature(secret: string, userId: number): Buffer {
  return createHmac('sha256', secret).update(`${PURPOSE}:${userId}`).digest();
}

export function unsubscribeToken(secret: string, userId: number): string {
  return `${userId}.${signature(secret, userId).toString('base64url')}`;
}

/** The member a token names, or null when it is malformed or its signature does not match. */
export function memberOfUnsubscribeToken(secret: string, token: string): number | null {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  if (!Number.isSafeInteger(userId) || userId > 2_147_483_647) return null;
  const given = Buffer.from(match[2] ?? '', 'base64url');
  const expected = signature(secret, userId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
