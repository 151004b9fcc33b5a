import { PRODUCT_NAME } from '../../../common/constants.js';
import { SUPPORT_TEXT, SUPPORT_TOPIC_LABELS } from '../../../common/texts/support.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';
import { paragraphMail } from '../../adapters/mail/paragraph-mail.js';
import type { SupportAnswerMail } from './service.js';

/** To a member whose support conversation got an answer; the answer is quoted as plain text. */
export function supportAnswerMail(facts: SupportAnswerMail, supportUrl: string): MailMessage {
  return paragraphMail(facts.to, SUPPORT_TEXT.mailSubject, [
    `Hi ${facts.firstName},`,
    `The ${PRODUCT_NAME} Support Team answered your conversation about ${SUPPORT_TOPIC_LABELS[facts.topic]}:`,
    { quoted: facts.message },
    `Read and reply in Customer Support: ${supportUrl}`,
  ]);
}
