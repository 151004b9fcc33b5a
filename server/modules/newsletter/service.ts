import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { NEWSLETTER_CONFIRM_TTL_HOURS, NEWSLETTER_RESEND_MINUTES } from '../../../common/constants.js';
import { NEWSLETTER_TEXT, SUBSCRIBE_TEXT } from '../../../common/messages.js';
import { isEmailAddress } from '../../../common/schemas/text.js';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { Db } from '../../db/client.js';
import { newsletterSubscribers } from '../../db/schema/index.js';
import { Invalid } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { idOfSignedToken } from '../../lib/signed-links.js';
import { newToken, sha256 } from '../../lib/tokens.js';
import {
  confirmSubscriptionMail,
  NEWSLETTER_UNSUBSCRIBE_PURPOSE,
  newsletterUnsubscribeLinks,
} from './mail.js';

export interface NewsletterDeps {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  appUrl: string;
  /** Signs the unsubscribe links (EMAIL_LINK_SECRET). */
  emailLinkSecret: string;
}

const MINUTE_MS = 60_000;
const TTL_MS = NEWSLETTER_CONFIRM_TTL_HOURS * 60 * MINUTE_MS;

/**
 * A sign-up (decision 0064): a new address, or one still unconfirmed whose last link is older than
 * NEWSLETTER_RESEND_MINUTES, gets a fresh confirmation link by e-mail; a confirmed address, or one just sent
 * a link, gets nothing more. The caller answers the same in every case, so the answer tells nobody whether
 * an address subscribed. One statement decides, on the unique index on lower(email), under any concurrency.
 */
export async function subscribe(deps: NewsletterDeps, input: { name: string; email: string }): Promise<void> {
  const name = input.name.trim();
  const email = input.email.trim();
  if (!name || !email) throw new Invalid(SUBSCRIBE_TEXT.missing);
  if (!isEmailAddress(email)) throw new Invalid(SUBSCRIBE_TEXT.invalid);
  const token = newToken();
  const now = deps.clock.now().getTime();
  const expiresAt = new Date(now + TTL_MS).toISOString();
  // A link issued less than NEWSLETTER_RESEND_MINUTES ago expires after this.
  const recentLinkExpiry = new Date(now + TTL_MS - NEWSLETTER_RESEND_MINUTES * MINUTE_MS).toISOString();
  const result = (await deps.db.execute(sql`
    insert into newsletter_subscribers (name, email, confirm_token_hash, confirm_expires_at)
    values (${name}, ${email}, ${sha256(token)}, ${expiresAt}::timestamptz)
    on conflict (lower(email)) do update
      set name = excluded.name,
          confirm_token_hash = excluded.confirm_token_hash,
          confirm_expires_at = excluded.confirm_expires_at
      where newsletter_subscribers.confirmed_at is null
        and (newsletter_subscribers.confirm_expires_at is null
          or newsletter_subscribers.confirm_expires_at <= ${recentLinkExpiry}::timestamptz)
    returning id, email`)) as unknown as { rows: { id: number; email: string }[] };
  const row = result.rows[0];
  if (!row) return;
  await deps.mailer.send(
    confirmSubscriptionMail(
      row.email,
      name,
      `${deps.appUrl}/newsletter/confirm/${token}`,
      newsletterUnsubscribeLinks(deps.appUrl, deps.emailLinkSecret, row.id),
    ),
  );
}

/**
 * The e-mailed link was followed: the address counts from now on. The link's hash stays with the row, so
 * following it again says the address is already confirmed (not that the link is invalid); an unknown or
 * expired link is a 400.
 */
export async function confirmSubscription(
  deps: NewsletterDeps,
  token: string,
): Promise<'confirmed' | 'already confirmed'> {
  const now = deps.clock.now();
  const tokenHash = sha256(token);
  const confirmed = await deps.db
    .update(newsletterSubscribers)
    .set({ confirmedAt: now, confirmExpiresAt: null })
    .where(
      and(
        eq(newsletterSubscribers.confirmTokenHash, tokenHash),
        isNull(newsletterSubscribers.confirmedAt),
        gt(newsletterSubscribers.confirmExpiresAt, now),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  if (confirmed.length > 0) return 'confirmed';
  const used = await deps.db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(
      and(
        eq(newsletterSubscribers.confirmTokenHash, tokenHash),
        isNotNull(newsletterSubscribers.confirmedAt),
      ),
    );
  if (used.length === 0) throw new Invalid(NEWSLETTER_TEXT.confirmInvalid);
  return 'already confirmed';
}

/**
 * The unsubscribe link of a newsletter e-mail: the subscriber's row goes, confirmed or not. A token that
 * does not verify is a 400; a valid one whose row is already gone is answered the same as the first time.
 */
export async function unsubscribe(deps: NewsletterDeps, token: string): Promise<void> {
  const id = idOfSignedToken(deps.emailLinkSecret, NEWSLETTER_UNSUBSCRIBE_PURPOSE, token);
  if (id === null) throw new Invalid(NEWSLETTER_TEXT.unsubscribeInvalid);
  await deps.db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.id, id));
}
