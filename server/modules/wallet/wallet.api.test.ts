import { createHash, createPublicKey, createVerify, X509Certificate } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WALLET_TEXT } from '../../../common/texts/wallet.js';
import { events, outboxEmails, tickets, venues } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient, type TestAccount } from '../auth/testing.js';
import { barcodePng, eTicketPdf } from '../barcodes/testing/barcode-files.js';
import { buyListing } from '../payouts/testing.js';
import { initiateTransfer } from '../transfers/service.js';
import { GOOGLE_SAVE_URL } from './google-wallet.js';
import {
  makeTestWalletCredentials,
  TEST_GOOGLE_ISSUER_ID,
  TEST_GOOGLE_SERVICE_ACCOUNT,
  TEST_PASS_TYPE_ID,
  TEST_TEAM_ID,
  type TestWalletCredentials,
  unzip,
  verifyDetachedSignature,
} from './testing.js';

const SLOW_MACHINE = { BARCODE_DECODE_TIMEOUT_MS: '20000' };

/** The unfolded content lines of an .ics (RFC 5545 §3.1). */
const icsLines = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n');

describe.each(backends)('the show in a calendar and wallet passes on %s', (backend) => {
  let harness: TestApp;
  let bare: TestApp;
  let credentials: TestWalletCredentials;
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  let seller: TestAccount;
  let buyer: TestAccount;
  let sellerClient: TestClient;
  let buyerClient: TestClient;
  let strangerClient: TestClient;
  let adminClient: TestClient;
  let venueId: number;
  let eventId: number;

  beforeAll(async () => {
    credentials = makeTestWalletCredentials();
    // A busy machine reads barcodes slowly: the bound is not what these tests are about (decision 0085's are).
    harness = await startTestApp(backend, { ...credentials.env, ...SLOW_MACHINE }, { clock });
    const db = harness.database.db;
    seller = await createTestUser(db);
    const stranger = await createTestUser(db);
    const admin = await createTestUser(db, { role: 'admin' });
    sellerClient = await signedInClient(harness, seller.id);
    strangerClient = await signedInClient(harness, stranger.id);
    adminClient = await signedInClient(harness, admin.id);
    const [venue] = await db
      .insert(venues)
      .values({
        name: 'Harbor Hall',
        city: 'Brooklyn',
        region: 'NY',
        streetAddress: '12 Pier Street',
        postalCode: '11201',
        country: 'US',
        timeZone: 'America/New_York',
      })
      .returning();
    venueId = venue?.id ?? 0;
  }, 120_000);
  // A buyer of their own for each test: a member buys at most 8 tickets a show (decision 0088).
  beforeEach(async () => {
    buyer = await createTestUser(harness.database.db);
    buyerClient = await signedInClient(harness, buyer.id);
  });
  afterAll(async () => {
    await harness?.close();
    await bare?.close();
  });

  const db = () => harness.database.db;

  /** A ticket to the catalog show bought by `buyer` through the sandbox checkout. */
  async function boughtShowTicket(app: TestApp = harness, client: TestClient = buyerClient) {
    const [event] = await db()
      .insert(events)
      .values({
        name: 'Ellie Hart, Live',
        date: '2030-05-01',
        venueId,
        startTime: '20:00',
        doorsTime: '19:00',
      })
      .returning();
    eventId = event?.id ?? 0;
    const { ticket } = await buyListing(app, client, seller.id, {
      eventId,
      eventName: 'Ellie Hart, Live',
      eventDate: '2030-05-01',
      timeZone: 'America/New_York',
      section: 'Floor',
      row: 'C',
      seats: '4-5',
    });
    return ticket.id;
  }

  /** Makes the sold ticket a paper one, uploads `file` as its barcode (as the seller) and initiates the transfer. */
  async function withBarcode(
    ticketId: number,
    file: Buffer,
    type = 'image/png',
    app: TestApp = harness,
    sellerId: number = seller.id,
  ) {
    await app.database.db
      .update(tickets)
      .set({ ticketType: 'paper', platform: null })
      .where(eq(tickets.id, ticketId));
    const client = await signedInClient(app, sellerId);
    const form = new FormData();
    form.append('ticketId', String(ticketId));
    form.append('barcode', new Blob([new Uint8Array(file)], { type }), 'barcode');
    const uploaded = await client.request('POST', '/api/tickets/barcode/upload', { body: form });
    expect(uploaded.status, uploaded.text).toBe(200);
    await initiateTransfer(app.database.db, ticketId, sellerId, clock.now());
  }

  /** A binary answer (the test client reads bodies as text). */
  async function fetchBytes(app: TestApp, client: TestClient, path: string) {
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(`${app.baseUrl}${path}`, { headers: { cookie } });
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  it('attaches the show as an .ics to the buyer’s purchase e-mail, and not to the seller’s', async () => {
    const ticketId = await boughtShowTicket();
    const mails = await db().select().from(outboxEmails);
    const buyerMail = mails.find((mail) => mail.to === buyer.email && mail.subject.includes('purchase'));
    const sellerMail = mails.find((mail) => mail.to === seller.email);
    expect(buyerMail, JSON.stringify(mails.map((mail) => mail.subject))).toBeDefined();
    expect(sellerMail?.attachments).toEqual([]);
    const [file] = buyerMail?.attachments ?? [];
    expect(file?.filename).toBe(`encore-ticket-${ticketId}.ics`);
    expect(file?.contentType).toBe('text/calendar; charset=utf-8; method=PUBLISH');
    const ics = Buffer.from(file?.contentBase64 ?? '', 'base64').toString('utf8');
    const lines = icsLines(ics);
    expect(lines).toContain('DTSTART;TZID=America/New_York:20300501T200000');
    expect(lines).toContain('SUMMARY:Ellie Hart\\, Live');
    expect(lines).toContain('LOCATION:Harbor Hall\\, 12 Pier Street\\, Brooklyn\\, NY 11201\\, US');
    expect(lines).toContain('URL;VALUE=URI:http://localhost:3000/my-tickets?tab=pending');
    expect(lines).toContain(`UID:ticket-${ticketId}@localhost:3000`);

    // The outbox's reader shows the same file.
    const outbox = await harness.client().get(`/api/dev/outbox?to=${encodeURIComponent(buyer.email)}`);
    expect(outbox.status).toBe(200);
    const listed = outbox.body.find((mail: { attachments: unknown[] }) => mail.attachments.length > 0);
    expect(listed.attachments[0].contentBase64).toBe(file?.contentBase64);

    // My Tickets' download is the same event.
    const download = await buyerClient.get(`/api/tickets/${ticketId}/calendar.ics`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('text/calendar; charset=utf-8; method=PUBLISH');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="encore-ticket-${ticketId}.ics"`,
    );
    expect(download.text).toBe(ics);
  });

  it('gives the calendar and the passes to the buyer only: the seller, an admin and others get 404', async () => {
    const ticketId = await boughtShowTicket();
    for (const path of ['calendar.ics', 'wallet/apple', 'wallet/google']) {
      for (const client of [sellerClient, strangerClient, adminClient]) {
        const answer = await client.get(`/api/tickets/${ticketId}/${path}`);
        expect(answer.status, `${path}: ${answer.text}`).toBe(404);
        expect(answer.body.message).toBe(WALLET_TEXT.notFound);
      }
      expect((await harness.client().get(`/api/tickets/${ticketId}/${path}`)).status).toBe(401);
      expect((await buyerClient.get(`/api/tickets/999999/${path}`)).status).toBe(404);
    }
  });

  it('says which wallets are set up, and refuses a pass before the buyer may download the barcode', async () => {
    const ticketId = await boughtShowTicket();
    const wallets = await buyerClient.get('/api/wallets');
    expect(wallets.body).toEqual({ appleWallet: true, googleWallet: true });
    for (const path of ['wallet/apple', 'wallet/google']) {
      const early = await buyerClient.get(`/api/tickets/${ticketId}/${path}`);
      expect(early.status).toBe(409);
      expect(early.body.message).toBe(WALLET_TEXT.barcodeNotYetAvailable);
    }
    await withBarcode(ticketId, await barcodePng('ENCORE-GATE-0001'));
    for (const path of ['wallet/apple', 'wallet/google'])
      expect((await buyerClient.get(`/api/tickets/${ticketId}/${path}`)).status).toBe(200);
  });

  it('makes a signed .pkpass: pass.json, a manifest of every file’s SHA-1, a detached PKCS#7 signature', async () => {
    const ticketId = await boughtShowTicket();
    await withBarcode(ticketId, await barcodePng('ENCORE-GATE-0002'));
    const { response, bytes } = await fetchBytes(
      harness,
      buyerClient,
      `/api/tickets/${ticketId}/wallet/apple`,
    );
    expect(response.status, bytes.toString()).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="encore-ticket-${ticketId}.pkpass"`,
    );
    expect(response.headers.get('cache-control')).toBe('private, no-store');

    const files = unzip(bytes);
    expect([...files.keys()].sort()).toEqual(
      [
        'icon.png',
        'icon@2x.png',
        'icon@3x.png',
        'logo.png',
        'logo@2x.png',
        'logo@3x.png',
        'manifest.json',
        'pass.json',
        'signature',
      ].sort(),
    );
    const pass = JSON.parse(files.get('pass.json')?.toString('utf8') ?? '{}');
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: TEST_PASS_TYPE_ID,
      teamIdentifier: TEST_TEAM_ID,
      serialNumber: `ticket-${ticketId}`,
      organizationName: 'Encore',
      description: 'Ticket for Ellie Hart, Live',
    });
    const fields = pass.eventTicket;
    expect(fields.primaryFields).toEqual([{ key: 'event', label: 'EVENT', value: 'Ellie Hart, Live' }]);
    expect(fields.secondaryFields).toEqual([
      { key: 'venue', label: 'VENUE', value: 'Harbor Hall' },
      {
        key: 'date',
        label: 'DATE',
        // 8 PM at the venue, with its summer offset, shown in the venue's zone whatever the phone's.
        value: '2030-05-01T20:00:00-04:00',
        dateStyle: 'PKDateStyleMedium',
        timeStyle: 'PKDateStyleShort',
        ignoresTimeZone: true,
      },
    ]);
    expect(fields.auxiliaryFields).toEqual([
      { key: 'section', label: 'SECTION', value: 'Floor' },
      { key: 'row', label: 'ROW', value: 'C' },
      { key: 'seats', label: 'SEATS', value: '4-5' },
    ]);
    expect(fields.headerFields).toEqual([{ key: 'doors', label: 'DOORS', value: '7:00 PM EDT' }]);
    expect(fields.backFields).toContainEqual({
      key: 'address',
      label: 'Address',
      value: 'Harbor Hall, 12 Pier Street, Brooklyn, NY 11201, US',
    });
    expect(pass.barcodes).toEqual([
      { message: 'ENCORE-GATE-0002', format: 'PKBarcodeFormatQR', messageEncoding: 'iso-8859-1' },
    ]);
    expect(pass.semantics).toMatchObject({
      eventName: 'Ellie Hart, Live',
      venueName: 'Harbor Hall',
      eventStartDate: '2030-05-01T20:00:00-04:00',
      seats: [{ seatSection: 'Floor', seatRow: 'C', seatNumber: '4-5' }],
    });
    // Expired after the venue's midnight at the end of the show's day (04:00 UTC in May in New York).
    expect(new Date(pass.expirationDate).toISOString()).toBe('2030-05-02T04:00:00.000Z');

    const manifest = JSON.parse(files.get('manifest.json')?.toString('utf8') ?? '{}');
    const listed = [...files.keys()].filter((name) => name !== 'manifest.json' && name !== 'signature');
    expect(Object.keys(manifest).sort()).toEqual(listed.sort());
    for (const name of listed)
      expect(manifest[name], name).toBe(
        createHash('sha1')
          .update(files.get(name) ?? Buffer.alloc(0))
          .digest('hex'),
      );

    const signer = verifyDetachedSignature(
      files.get('signature') ?? Buffer.alloc(0),
      files.get('manifest.json') ?? Buffer.alloc(0),
      credentials.apple.wwdrCert,
    );
    expect(signer.fingerprint256).toBe(new X509Certificate(credentials.apple.signerCert).fingerprint256);
    // A manifest changed after signing no longer verifies.
    expect(() =>
      verifyDetachedSignature(
        files.get('signature') ?? Buffer.alloc(0),
        Buffer.from(JSON.stringify({ ...manifest, 'pass.json': '0'.repeat(40) })),
        credentials.apple.wwdrCert,
      ),
    ).toThrow();

    // The pass holds the barcode: the back office sees that the buyer fetched it (decision 0034).
    const [row] = await db()
      .select({ downloadedAt: tickets.barcodeDownloadedAt })
      .from(tickets)
      .where(eq(tickets.id, ticketId));
    expect(row?.downloadedAt).not.toBeNull();
  });

  it('packs one pass per barcode when the e-ticket holds several (.pkpasses)', async () => {
    const ticketId = await boughtShowTicket();
    const pdf = await eTicketPdf([
      await barcodePng('ENCORE-SEAT-4', 'QRCode', 4),
      await barcodePng('ENCORE-SEAT-5', 'QRCode', 4),
    ]);
    await withBarcode(ticketId, pdf, 'application/pdf');
    const { response, bytes } = await fetchBytes(
      harness,
      buyerClient,
      `/api/tickets/${ticketId}/wallet/apple`,
    );
    expect(response.status, bytes.toString()).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.apple.pkpasses');
    const bundle = unzip(bytes);
    expect(bundle.size).toBe(2);
    const messages = [...bundle.values()].map((pkpass) => {
      const pass = JSON.parse(unzip(pkpass).get('pass.json')?.toString('utf8') ?? '{}');
      return { serial: pass.serialNumber, message: pass.barcodes[0].message };
    });
    expect(messages.map((entry) => entry.message).sort()).toEqual(['ENCORE-SEAT-4', 'ENCORE-SEAT-5']);
    expect(messages.map((entry) => entry.serial).sort()).toEqual([
      `ticket-${ticketId}-1`,
      `ticket-${ticketId}-2`,
    ]);
  });

  it('makes a Save to Google Wallet link: an RS256 JWT the service account signed, with the event ticket', async () => {
    const ticketId = await boughtShowTicket();
    await withBarcode(ticketId, await barcodePng('ENCORE-GATE-0003', 'PDF417', 3));
    const answer = await buyerClient.get(`/api/tickets/${ticketId}/wallet/google`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    const saveUrl: string = answer.body.saveUrl;
    expect(saveUrl.startsWith(GOOGLE_SAVE_URL)).toBe(true);
    const jwt = saveUrl.slice(GOOGLE_SAVE_URL.length);
    const [header, claims, signature] = jwt.split('.');
    expect(JSON.parse(Buffer.from(header ?? '', 'base64url').toString())).toEqual({
      alg: 'RS256',
      typ: 'JWT',
    });
    const verified = createVerify('RSA-SHA256')
      .update(`${header}.${claims}`)
      .verify(createPublicKey(credentials.google.publicKey), Buffer.from(signature ?? '', 'base64url'));
    expect(verified).toBe(true);
    // Another key's signature does not verify: the check above can fail.
    const other = makeTestWalletCredentials().google.publicKey;
    expect(
      createVerify('RSA-SHA256')
        .update(`${header}.${claims}`)
        .verify(createPublicKey(other), Buffer.from(signature ?? '', 'base64url')),
    ).toBe(false);

    const body = JSON.parse(Buffer.from(claims ?? '', 'base64url').toString());
    expect(body).toMatchObject({
      iss: TEST_GOOGLE_SERVICE_ACCOUNT,
      aud: 'google',
      typ: 'savetowallet',
      iat: Math.floor(clock.now().getTime() / 1000),
      origins: ['http://localhost:3000'],
    });
    const [eventClass] = body.payload.eventTicketClasses;
    expect(eventClass).toMatchObject({
      id: `${TEST_GOOGLE_ISSUER_ID}.encore-event-${eventId}`,
      issuerName: 'Encore',
      eventName: { defaultValue: { language: 'en-US', value: 'Ellie Hart, Live' } },
      venue: {
        name: { defaultValue: { language: 'en-US', value: 'Harbor Hall' } },
        address: { defaultValue: { language: 'en-US', value: '12 Pier Street, Brooklyn, NY 11201, US' } },
      },
      dateTime: { start: '2030-05-01T20:00:00-04:00', doorsOpen: '2030-05-01T19:00:00-04:00' },
    });
    expect(body.payload.eventTicketObjects).toHaveLength(1);
    expect(body.payload.eventTicketObjects[0]).toMatchObject({
      id: `${TEST_GOOGLE_ISSUER_ID}.encore-ticket-${ticketId}`,
      classId: eventClass.id,
      state: 'ACTIVE',
      barcode: { type: 'PDF_417', value: 'ENCORE-GATE-0003' },
      seatInfo: {
        section: { defaultValue: { language: 'en-US', value: 'Floor' } },
        row: { defaultValue: { language: 'en-US', value: 'C' } },
        seat: { defaultValue: { language: 'en-US', value: '4-5' } },
      },
      linksModuleData: { uris: [{ uri: 'http://localhost:3000/my-tickets?tab=pending' }] },
    });
  });

  it('answers 409 when the barcode on the picture cannot be read', async () => {
    const ticketId = await boughtShowTicket();
    const sharp = (await import('sharp')).default;
    const blank = await sharp({ create: { width: 300, height: 80, channels: 3, background: '#777777' } })
      .png()
      .toBuffer();
    await withBarcode(ticketId, blank);
    for (const path of ['wallet/apple', 'wallet/google']) {
      const answer = await buyerClient.get(`/api/tickets/${ticketId}/${path}`);
      expect(answer.status, answer.text).toBe(409);
      expect(answer.body.message).toBe(WALLET_TEXT.barcodeUnreadable);
    }
  });

  it('answers 409 for a sale refunded at the transfer deadline', async () => {
    const ticketId = await boughtShowTicket();
    await db().update(tickets).set({ status: 'cancelled' }).where(eq(tickets.id, ticketId));
    const answer = await buyerClient.get(`/api/tickets/${ticketId}/calendar.ics`);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(WALLET_TEXT.refunded);
  });

  it('offers no wallet and answers 404 naming it where none is set up; the calendar stays', async () => {
    bare = await startTestApp(backend, SLOW_MACHINE, { clock });
    // The bare app has a database of its own: its members and sale are made there.
    const bareSeller = await createTestUser(bare.database.db);
    const bareBuyer = await signedInClient(bare, (await createTestUser(bare.database.db)).id);
    const { ticket } = await buyListing(bare, bareBuyer, bareSeller.id, { eventDate: '2030-05-01' });
    await withBarcode(ticket.id, await barcodePng('ENCORE-GATE-0004'), 'image/png', bare, bareSeller.id);
    const wallets = await bareBuyer.get('/api/wallets');
    expect(wallets.body).toEqual({ appleWallet: false, googleWallet: false });
    const apple = await bareBuyer.get(`/api/tickets/${ticket.id}/wallet/apple`);
    expect(apple.status).toBe(404);
    expect(apple.body.message).toBe(WALLET_TEXT.appleNotConfigured);
    const google = await bareBuyer.get(`/api/tickets/${ticket.id}/wallet/google`);
    expect(google.status).toBe(404);
    expect(google.body.message).toBe(WALLET_TEXT.googleNotConfigured);
    // A listing outside the catalog: an all-day event on its date, at the venue the seller wrote.
    const calendar = await bareBuyer.get(`/api/tickets/${ticket.id}/calendar.ics`);
    expect(calendar.status).toBe(200);
    const lines = icsLines(calendar.text);
    expect(lines).toContain('DTSTART;VALUE=DATE:20300501');
    expect(lines).toContain('DTEND;VALUE=DATE:20300502');
    expect(lines).toContain('LOCATION:Riverside Arena');
  }, 60_000);
});
