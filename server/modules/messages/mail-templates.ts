import { MESSAGE_TEXT } from '../../../common/messages.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';
import { paragraphMail } from '../../adapters/mail/paragraph-mail.js';
import type { MessageMail } from './service.js';

/** To the other party of a sale about a new message on the ticket; the content is quoted as plain text. */
export function newMessageMail(facts: MessageMail, myTicketsUrl: string): MailMessage {
  return paragraphMail(facts.to, MESSAGE_TEXT.mailSubject(facts.eventName), [
    `Hi ${facts.firstName},`,
    `${facts.senderUsername} sent you a message about your ticket for ${facts.eventName}:`,
    { quoted: facts.content },
    `Read and reply in My Tickets: ${myTicketsUrl}`,
  ]);
}
