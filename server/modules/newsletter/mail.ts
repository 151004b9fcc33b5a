import { NEWSLETTER_TEXT } from '../../../common/texts/visitor.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';
import { paragraphMail } from '../../adapters/mail/paragraph-mail.js';
import { signedIdToken } from '../../lib/signed-links.js';

const UNSUBSCRIBE_PURPOSE = 'newsletter-unsubscribe:v1';

/** The subscriber a signed unsubscribe token names (server/lib/signed-links.ts): this purpose only. */
export const NEWSLETTER_UNSUBSCRIBE_PURPOSE = UNSUBSCRIBE_PURPOSE;

/** The page that asks before unsubscribing (GET), and the address mail clients POST to (RFC 8058). */
export function newsletterUnsubscribeLinks(appUrl: string, secret: string, subscriberId: number) {
  const query = `token=${encodeURIComponent(signedIdToken(secret, UNSUBSCRIBE_PURPOSE, subscriberId))}`;
  return {
    page: `${appUrl}/newsletter/unsubscribe?${query}`,
    oneClick: `${appUrl}/api/newsletter/unsubscribe?${query}`,
  };
}

/**
 * Every newsletter e-mail goes through here, so none goes out without its unsubscribe link and the
 * List-Unsubscribe headers (decision 0064).
 */
export function newsletterMail(
  to: string,
  subject: string,
  paragraphs: string[],
  links: { page: string; oneClick: string },
): MailMessage {
  const mail = paragraphMail(to, subject, [
    ...paragraphs,
    `${NEWSLETTER_TEXT.unsubscribeMailLine} ${links.page}`,
  ]);
  return {
    ...mail,
    headers: {
      'List-Unsubscribe': `<${links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** The double opt-in mail: the link that makes the address count. */
export function confirmSubscriptionMail(
  to: string,
  name: string,
  confirmUrl: string,
  links: { page: string; oneClick: string },
): MailMessage {
  return newsletterMail(
    to,
    NEWSLETTER_TEXT.confirmMailSubject,
    [`Hi ${name},`, `${NEWSLETTER_TEXT.confirmMailIntro} ${confirmUrl}`, NEWSLETTER_TEXT.confirmMailExpiry],
    links,
  );
}
