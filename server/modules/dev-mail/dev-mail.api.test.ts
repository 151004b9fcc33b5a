import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_MAIL_TEXT } from '../../../common/messages.js';
import { OutboxMailer } from '../../adapters/mail/outbox.js';
import { SmtpMailer } from '../../adapters/mail/smtp.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { backends, openTestDatabase, startTestApp, type TestApp } from '../../test/harness.js';

describe.each(backends)('dev mail on %s', (backend) => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await startTestApp(backend);
    await harness.mailer.send({ to: 'Rae@Example.com', subject: 'First', text: 'one', html: '<p>one</p>' });
    await harness.mailer.send({
      to: 'rae@example.com',
      subject: 'Second <script>alert(1)</script>',
      text: 'two & <b>bold</b>',
      html: '<p onclick="x()">two</p><script>alert("x")</script>',
    });
    await harness.mailer.send({
      to: 'sam@example.com',
      subject: 'Other',
      text: 'three',
      html: '<p>three</p>',
      attachments: [
        { filename: 'show "1".ics', contentType: 'text/calendar; charset=utf-8', content: 'BEGIN:VCALENDAR' },
      ],
    });
  });
  afterAll(async () => {
    await harness.close();
  });

  it('lists the outbox as JSON, newest first, filtered by recipient', async () => {
    const all = await harness.client().get('/api/dev/outbox');
    expect(all.status).toBe(200);
    expect(all.body.map((mail: { subject: string }) => mail.subject)).toEqual([
      'Other',
      'Second <script>alert(1)</script>',
      'First',
    ]);
    const forRae = await harness.client().get('/api/dev/outbox?to=RAE@example.com');
    expect(forRae.body).toHaveLength(2);
    expect(forRae.body[0]).toEqual({
      to: 'rae@example.com',
      subject: 'Second <script>alert(1)</script>',
      text: 'two & <b>bold</b>',
      html: '<p onclick="x()">two</p><script>alert("x")</script>',
      attachments: [],
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    // A mail's files, kept as SMTP would have attached them (decision 0096).
    expect(all.body[0].attachments).toEqual([
      {
        filename: 'show "1".ics',
        contentType: 'text/calendar; charset=utf-8',
        contentBase64: Buffer.from('BEGIN:VCALENDAR').toString('base64'),
      },
    ]);
  });

  it('shows a readable page that escapes every mail and sandboxes its HTML', async () => {
    const page = await harness.client().get('/dev/mail');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.text).not.toContain('<script>');
    expect(page.text).toContain('Second &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.text).toContain('two &amp; &lt;b&gt;bold&lt;/b&gt;');
    expect(page.text).toContain('<iframe sandbox=""');
    expect(page.text.indexOf('Other')).toBeLessThan(page.text.indexOf('First'));
    const filtered = await harness.client().get('/dev/mail?to=sam@example.com');
    expect(filtered.text).toContain('Other');
    // The attachment is offered as a download, its name escaped.
    expect(filtered.text).toContain(
      `<a download="show &quot;1&quot;.ics" href="data:text/calendar;base64,${Buffer.from('BEGIN:VCALENDAR').toString('base64')}">`,
    );
    expect(filtered.text).not.toContain('First');
  });
});

describe.each(backends)('dev mail from another machine on %s', (backend) => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await startTestApp(backend, { TRUST_PROXY: 'true' });
    await harness.mailer.send({ to: 'rae@example.com', subject: 'Code', text: '123456', html: '<p>1</p>' });
  });
  afterAll(async () => {
    await harness.close();
  });

  it.each(['/api/dev/outbox', '/api/dev/outbox?to=rae@example.com', '/dev/mail'])(
    'refuses %s to a remote address, with or without forwarding headers',
    async (url) => {
      for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1' }, { forwarded: 'for=127.0.0.1' }]) {
        const response = await harness.app.inject({
          method: 'GET',
          url,
          remoteAddress: '203.0.113.7',
          headers,
        });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ message: DEV_MAIL_TEXT.loopbackOnly });
        expect(response.body).not.toContain('123456');
      }
    },
  );

  it('refuses what a proxy on this machine forwards for a remote client, even with TRUST_PROXY', async () => {
    for (const forwardedFor of ['203.0.113.7', '127.0.0.1, 203.0.113.7']) {
      const response = await harness.client().request('GET', '/api/dev/outbox', {
        headers: { 'x-forwarded-for': forwardedFor },
      });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message: DEV_MAIL_TEXT.loopbackOnly });
    }
    const local = await harness.client().get('/api/dev/outbox');
    expect(local.status).toBe(200);
    expect(local.body).toHaveLength(1);
  });

  it('guards only the mailbox: other routes still answer remote clients', async () => {
    const health = await harness.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '203.0.113.7',
    });
    expect(health.statusCode).toBe(200);
  });
});

describe('dev mail in production', () => {
  it('does not exist', async () => {
    const database = await openTestDatabase('pglite');
    const config = loadConfig({
      NODE_ENV: 'production',
      APP_URL: 'https://encore.example',
      DATABASE_URL: 'postgres://user:secret@db.invalid:5432/encore',
      SMTP_URL: 'smtp://user:secret@smtp.invalid:587',
      CLOUDINARY_URL: 'cloudinary://key:secret@demo-cloud',
      STRIPE_SECRET_KEY: 'sk_live_production_build',
      STRIPE_WEBHOOK_SECRET: 'whsec_production_build',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_production_build',
      EMAIL_LINK_SECRET: 'production-build-email-link-secret-0123456789',
      BARCODE_HASH_SECRET: 'production-build-barcode-hash-secret-0123456789',
      LOG_LEVEL: 'silent',
      // Without a client build the SPA catch-all is not registered, so an unknown path is a plain 404.
      CLIENT_DIST_DIR: 'no-client-build',
    });
    // Even an outbox mailer handed to a production build must not be readable.
    for (const mailer of [
      new SmtpMailer(config.smtpUrl ?? '', config.mailFrom),
      new OutboxMailer(database.db),
    ]) {
      const app = await buildApp({ config, database, mailer });
      try {
        expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
        const outbox = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
        expect(outbox.statusCode).toBe(404);
        const page = await app.inject({ method: 'GET', url: '/dev/mail' });
        expect(page.statusCode).toBe(404);
      } finally {
        await app.close();
      }
    }
    await database.drop();
  });
});
