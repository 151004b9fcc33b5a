import { describe, expect, it } from 'vitest';
import { MAIL_SUBJECT } from '../../../common/messages.js';
import { escapeHtml } from '../../adapters/mail/paragraph-mail.js';
import {
  emailChangeMail,
  loginCodeMail,
  passwordResetMail,
  usernameRecoveryMail,
  verifyEmailMail,
} from './mail-templates.js';

describe('mail templates', () => {
  it('escapes HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('verification mail: subject, button label and the link in both parts', () => {
    const url = 'https://encore.example/verify-email/abc_DEF-1';
    const mail = verifyEmailMail('rae@example.com', '<Rae>', url);
    expect(mail).toMatchObject({ to: 'rae@example.com', subject: MAIL_SUBJECT.verifyEmail });
    expect(mail.html).toMatch(new RegExp(`<a href="${url}" style="[^"]+">Verify Email Address</a>`));
    expect(mail.text).toContain(url);
    expect(mail.html).toContain('&lt;Rae&gt;');
    expect(mail.html).not.toContain('<Rae>');
  });

  it("the verification mail's button is the brand's purple, not blue", () => {
    const mail = verifyEmailMail('rae@example.com', 'Rae', 'https://encore.example/verify-email/t');
    expect(mail.html).toContain('background:#6d28d9');
    expect(mail.html).not.toContain('#2563eb');
  });

  it('login code mail carries the code in text and HTML', () => {
    const mail = loginCodeMail('rae@example.com', '012345');
    expect(mail.subject).toBe(MAIL_SUBJECT.loginCode);
    expect(mail.text).toContain('012345');
    expect(mail.html).toContain('012345');
  });

  it('reset, username and e-mail change mails', () => {
    const reset = passwordResetMail('rae@example.com', 'https://encore.example/reset-password/t');
    expect(reset.subject).toBe(MAIL_SUBJECT.passwordReset);
    expect(reset.text).toContain('https://encore.example/reset-password/t');
    const username = usernameRecoveryMail('rae@example.com', 'rae<fan>');
    expect(username.subject).toBe(MAIL_SUBJECT.usernameRecovery);
    expect(username.text).toContain('rae<fan>');
    expect(username.html).toContain('rae&lt;fan&gt;');
    const change = emailChangeMail(
      'old@example.com',
      'new@example.com',
      'https://encore.example/verify-email/t',
    );
    expect(change).toMatchObject({ to: 'old@example.com', subject: MAIL_SUBJECT.emailChange });
    expect(change.text).toContain('new@example.com');
    expect(change.text).toContain('https://encore.example/verify-email/t');
  });
});
