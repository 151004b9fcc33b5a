import { idOfSignedToken, signedIdToken } from '../../lib/signed-links.js';

/**
 * The one-click unsubscribe link's token (decision 0060): the member's id, signed for this purpose under the
 * server's EMAIL_LINK_SECRET (server/lib/signed-links.ts), so the link works without signing in.
 */
const PURPOSE = 'price-alerts-unsubscribe:v1';

export function unsubscribeToken(secret: string, userId: number): string {
  return signedIdToken(secret, PURPOSE, userId);
}

/** The member a token names, or null when it is malformed or its signature does not match. */
export function memberOfUnsubscribeToken(secret: string, token: string): number | null {
  return idOfSignedToken(secret, PURPOSE, token);
}
