import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createMailer } from './index.js';
import { OutboxMailer } from './outbox.js';
import { SmtpMailer } from './smtp.js';

/** A nodemailer transport that keeps each message it would have sent, as text. */
function capturingTransport(options: { jsonTransport: true } | { streamTransport: true; buffer: true }) {
  const transport = nodemailer.createTransport(options);
  const sent: string[] = [];
  const original = transport.sendMail.bind(transport);
  transport.sendMail = (async (message: Parameters<typeof original>[0]) => {
    const info = await original(message);
    sent.push(String(info.message));
    return info;
  }) as typeof transport.sendMail;
  return { transport, sent };
}

describe('SmtpMailer', () => {
  it('hands the message to the transport with the configured sender', async () => {
    const { transport, sent } = capturingTransport({ jsonTransport: true });
    const mailer = new SmtpMailer('smtp://unused.invalid', 'Encore <no-reply@encore.test>', transport);
    expect(mailer.kind).toBe('smtp');
    await mailer.send({ to: 'rae@example.com', subject: 'Hello', text: 'plain', html: '<p>rich</p>' });
    expect(sent).toHaveLength(1);
    const message = JSON.parse(sent[0] ?? '{}');
    expect(message.from).toEqual({ address: 'no-reply@encore.test', name: 'Encore' });
    expect(message.to).toEqual([{ address: 'rae@example.com', name: '' }]);
    expect(message.subject).toBe('Hello');
    expect(message.text).toBe('plain');
    expect(message.html).toBe('<p>rich</p>');
  });

  it('sends nothing to a closed account’s address', async () => {
    const { transport, sent } = capturingTransport({ jsonTransport: true });
    const mailer = new SmtpMailer('smtp://unused.invalid', 'Encore <no-reply@encore.test>', transport);
    await mailer.send({ to: 'former-member-0a1b2c3d4e@closed.invalid', subject: 'x', text: 'x', html: 'x' });
    expect(sent).toEqual([]);
  });

  it('sends a message’s extra headers, such as RFC 8058’s one-click unsubscribe', async () => {
    const { transport, sent } = capturingTransport({ streamTransport: true, buffer: true });
    const mailer = new SmtpMailer('smtp://unused.invalid', 'Encore <no-reply@encore.test>', transport);
    await mailer.send({
      to: 'rae@example.com',
      subject: 'Hello',
      text: 'plain',
      html: '<p>rich</p>',
      headers: {
        'List-Unsubscribe': '<https://encore.example/api/price-alerts/unsubscribe?token=7.x>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    // Long header lines are folded (RFC 5322); unfolded they read as sent.
    const unfolded = (sent[0] ?? '').replace(/\r\n[ \t]+/g, ' ');
    expect(unfolded).toContain(
      'List-Unsubscribe: <https://encore.example/api/price-alerts/unsubscribe?token=7.x>',
    );
    expect(unfolded).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it('attaches a message’s files as MIME parts of their own (the purchase e-mail’s .ics)', async () => {
    const { transport, sent } = capturingTransport({ streamTransport: true, buffer: true });
    const mailer = new SmtpMailer('smtp://unused.invalid', 'Encore <no-reply@encore.test>', transport);
    const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
    await mailer.send({
      to: 'rae@example.com',
      subject: 'Hello',
      text: 'plain',
      html: '<p>rich</p>',
      attachments: [
        { filename: 'encore-ticket-7.ics', contentType: 'text/calendar; charset=utf-8', content: ics },
      ],
    });
    const raw = sent[0] ?? '';
    expect(raw).toMatch(/Content-Type: multipart\/mixed/);
    expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; name=encore-ticket-7\.ics/);
    expect(raw).toMatch(/Content-Disposition: attachment; filename=encore-ticket-7\.ics/);
    // The part's headers, a blank line, then its body in base64 up to the closing boundary.
    const afterHeaders =
      raw.split(/Content-Disposition: attachment; filename=encore-ticket-7\.ics\r\n\r\n/)[1] ?? '';
    expect(raw).toMatch(/name=encore-ticket-7\.ics\r\nContent-Transfer-Encoding: base64/);
    const decoded = Buffer.from(
      afterHeaders.split('\r\n--')[0]?.replace(/\r\n/g, '') ?? '',
      'base64',
    ).toString('utf8');
    expect(decoded).toBe(ics);
  });
});

describe('createMailer', () => {
  const db = {} as Db;
  it('uses SMTP when SMTP_URL is set and the outbox otherwise', () => {
    const withSmtp = loadConfig({ NODE_ENV: 'development', SMTP_URL: 'smtp://user:pass@smtp.invalid:587' });
    expect(createMailer(withSmtp, db)).toBeInstanceOf(SmtpMailer);
    expect(createMailer(loadConfig({ NODE_ENV: 'development' }), db)).toBeInstanceOf(OutboxMailer);
  });
});
