import {
  EMAIL_CHANGE_TTL_HOURS,
  EMAIL_VERIFICATION_TTL_HOURS,
  LOGIN_CODE_TTL_MINUTES,
  PASSWORD_RESET_TTL_MINUTES,
  PRODUCT_NAME,
} from '../../../common/constants.js';
import { MAIL_SUBJECT } from '../../../common/messages.js';
import { EMAIL_CHANGE_TEXT } from '../../../common/texts/email-change.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';
import { escapeHtml, htmlWithLinks } from '../../adapters/mail/paragraph-mail.js';

/** The brand's primary purple (client/styles.css --color-primary), so a mail looks like the app. */
const BRAND_PRIMARY = '#6d28d9';

const BUTTON_STYLE = `display:inline-block;padding:12px 24px;background:${BRAND_PRIMARY};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600`;

function layout(paragraphs: string[]): string {
  return [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5">',
    ...paragraphs,
    `<p style="color:#6b7280;font-size:12px">${escapeHtml(PRODUCT_NAME)}</p>`,
    '</body></html>',
  ].join('\n');
}

function button(url: string, label: string): string {
  return `<p><a href="${escapeHtml(url)}" style="${BUTTON_STYLE}">${escapeHtml(label)}</a></p>`;
}

export function verifyEmailMail(to: string, firstName: string, url: string): MailMessage {
  return {
    to,
    subject: MAIL_SUBJECT.verifyEmail,
    text: [
      `Hi ${firstName},`,
      '',
      `Welcome to ${PRODUCT_NAME}! Please verify your email address by opening this link:`,
      url,
      '',
      `The link works once and expires in ${EMAIL_VERIFICATION_TTL_HOURS} hours.`,
    ].join('\n'),
    html: layout([
      `<p>Hi ${escapeHtml(firstName)},</p>`,
      `<p>Welcome to ${escapeHtml(PRODUCT_NAME)}! Please verify your email address.</p>`,
      button(url, 'Verify Email Address'),
      `<p>Or paste this link into your browser: ${htmlWithLinks(url)}</p>`,
      `<p>The link works once and expires in ${EMAIL_VERIFICATION_TTL_HOURS} hours.</p>`,
    ]),
  };
}

export function loginCodeMail(to: string, code: string): MailMessage {
  return {
    to,
    subject: MAIL_SUBJECT.loginCode,
    text: [
      `Your ${PRODUCT_NAME} login code is ${code}`,
      '',
      `It expires in ${LOGIN_CODE_TTL_MINUTES} minutes. If you did not try to log in, change your password.`,
    ].join('\n'),
    html: layout([
      `<p>Your ${escapeHtml(PRODUCT_NAME)} login code is:</p>`,
      `<p style="font-size:28px;font-weight:700;letter-spacing:6px">${escapeHtml(code)}</p>`,
      `<p>It expires in ${LOGIN_CODE_TTL_MINUTES} minutes. If you did not try to log in, change your password.</p>`,
    ]),
  };
}

export function passwordResetMail(to: string, url: string): MailMessage {
  return {
    to,
    subject: MAIL_SUBJECT.passwordReset,
    text: [
      `Someone asked to reset the password of your ${PRODUCT_NAME} account. To choose a new password, open:`,
      url,
      '',
      `The link works once and expires in ${PASSWORD_RESET_TTL_MINUTES} minutes. If you did not ask, ignore this email.`,
    ].join('\n'),
    html: layout([
      `<p>Someone asked to reset the password of your ${escapeHtml(PRODUCT_NAME)} account.</p>`,
      button(url, 'Reset Password'),
      `<p>Or paste this link into your browser: ${htmlWithLinks(url)}</p>`,
      `<p>The link works once and expires in ${PASSWORD_RESET_TTL_MINUTES} minutes. If you did not ask, ignore this email.</p>`,
    ]),
  };
}

export function usernameRecoveryMail(to: string, username: string): MailMessage {
  return {
    to,
    subject: MAIL_SUBJECT.usernameRecovery,
    text: [
      `Your ${PRODUCT_NAME} username is: ${username}`,
      '',
      'If you did not ask for it, you can ignore this email.',
    ].join('\n'),
    html: layout([
      `<p>Your ${escapeHtml(PRODUCT_NAME)} username is: <strong>${escapeHtml(username)}</strong></p>`,
      '<p>If you did not ask for it, you can ignore this email.</p>',
    ]),
  };
}

export function emailChangeMail(to: string, newEmail: string, url: string): MailMessage {
  return {
    to,
    subject: MAIL_SUBJECT.emailChange,
    text: [
      `Someone asked to change the email address of your ${PRODUCT_NAME} account to ${newEmail}.`,
      'To confirm the change, open:',
      url,
      '',
      `The link works once and expires in ${EMAIL_CHANGE_TTL_HOURS} hours. If you did not ask, ignore this email and your address stays as it is.`,
    ].join('\n'),
    html: layout([
      `<p>Someone asked to change the email address of your ${escapeHtml(PRODUCT_NAME)} account to <strong>${escapeHtml(newEmail)}</strong>.</p>`,
      button(url, 'Confirm Email Change'),
      `<p>Or paste this link into your browser: ${htmlWithLinks(url)}</p>`,
      `<p>The link works once and expires in ${EMAIL_CHANGE_TTL_HOURS} hours. If you did not ask, ignore this email and your address stays as it is.</p>`,
    ]),
  };
}

/** The second step of an e-mail change: proves the new address is the account owner's (decision 0039). */
export function emailChangeNewAddressMail(to: string, url: string): MailMessage {
  return {
    to,
    subject: EMAIL_CHANGE_TEXT.newAddressSubject,
    text: [
      `Someone asked to use this address for their ${PRODUCT_NAME} account.`,
      "To make it the account's email address, open:",
      url,
      '',
      `The link works once and expires in ${EMAIL_CHANGE_TTL_HOURS} hours. If you did not ask, ignore this email: the address will not be used.`,
    ].join('\n'),
    html: layout([
      `<p>Someone asked to use this address for their ${escapeHtml(PRODUCT_NAME)} account.</p>`,
      button(url, 'Confirm New Email Address'),
      `<p>Or paste this link into your browser: ${htmlWithLinks(url)}</p>`,
      `<p>The link works once and expires in ${EMAIL_CHANGE_TTL_HOURS} hours. If you did not ask, ignore this email: the address will not be used.</p>`,
    ]),
  };
}
