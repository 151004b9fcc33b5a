import { and, eq, inArray, like } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SERVER_MESSAGE } from '../../../common/messages.js';
import { dataExportStateSchema } from '../../../common/schemas/data-exports.js';
import { DATA_EXPORT_TEXT } from '../../../common/texts/data-export.js';
import {
  adminAuditLog,
  ambassadorChatMessages,
  ambassadorChatTopics,
  bids,
  checkoutSessions,
  dataExports,
  fanQueueEntries,
  loginCodes,
  newsletterSubscribers,
  orders,
  priceAlerts,
  reviews,
  savedCards,
  sessions,
  supportMessages,
  ticketMessages,
  trustedDevices,
  users,
} from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { sha256 } from '../../lib/tokens.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, latestMail, signedInClient, type TestAccount } from '../auth/testing.js';
import { insertListing, insertShowListing } from '../marketplace/testing.js';
import { completedSale } from '../reviews/testing.js';
import { buildDataExport } from './contents.js';
import { DATA_EXPORT_TTL_MS } from './service.js';

type Party = TestAccount & { client: TestClient };
type Files = Record<string, any>;

const MINUTE = 60_000;

/** What seedMember wrote for one member: the values their export must hold (and another's must not). */
interface Seeded {
  marker: string;
  listingId: number;
  saleOrderId: number;
  purchaseOrderId: number;
  saleTicketId: number;
  purchaseTicketId: number;
  cardId: string;
  customerId: string;
  bidId: number;
  alertId: number;
  entryId: number;
  hashes: string[];
}

describe.each(backends)('a copy of my data on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  let admin: TestAccount;
  let maya: Party;
  let jordan: Party;
  let casey: Party;
  let mayaData: Seeded;
  let caseyData: Seeded;

  const party = async (): Promise<Party> => {
    const account = await createTestUser(harness.database.db);
    return { ...account, client: await signedInClient(harness, account.id) };
  };

  /** Data in every table a copy reads: `me`'s listing, a sale to and a purchase from `other`, and the rest. */
  async function seedMember(me: Party, other: Party, marker: string): Promise<Seeded> {
    const db = harness.database.db;
    await db
      .update(users)
      .set({
        firstName: `${marker}First`,
        lastName: `${marker}Last`,
        fullName: `${marker} Full Name`,
        phoneNumber: `+1 555 01${marker.length}`,
        ticketmasterEmail: `${marker.toLowerCase()}-tm@example.com`,
        rewardPoints: 7,
      })
      .where(eq(users.id, me.id));
    const listing = await insertListing(db, me.id, {
      eventName: `${marker} Listing Show`,
      description: `${marker}-LISTING-DESCRIPTION`,
      faceValueCents: 6_100,
      serviceFeeCents: 900,
      markup: 5,
    });
    const sale = await completedSale(harness, clock, me.id, other, {
      eventName: `${marker} Sale Show`,
      eventDate: '2030-05-01',
    });
    const purchase = await completedSale(harness, clock, other.id, me, {
      eventName: `${marker} Purchase Show`,
      eventDate: '2030-05-02',
    });
    await db.insert(ticketMessages).values([
      { ticketId: sale.ticket.id, senderId: me.id, content: `${marker}-SENT-ON-SALE` },
      { ticketId: sale.ticket.id, senderId: other.id, content: `${marker}-RECEIVED-ON-SALE` },
      {
        ticketId: purchase.ticket.id,
        senderId: null,
        messageType: 'system',
        content: `${marker}-SYSTEM-NOTE`,
      },
    ]);
    await db
      .update(reviews)
      .set({ status: 'submitted', rating: 5, comment: `${marker}-REVIEW-WRITTEN`, submittedAt: clock.now() })
      .where(and(eq(reviews.orderId, sale.orderId), eq(reviews.reviewType, 'seller_to_buyer')));
    await db
      .update(reviews)
      .set({ status: 'submitted', rating: 4, comment: `${marker}-REVIEW-RECEIVED`, submittedAt: clock.now() })
      .where(and(eq(reviews.orderId, sale.orderId), eq(reviews.reviewType, 'buyer_to_seller')));
    const cardId = `sbx_pm_${marker}_card`;
    const customerId = `sbx_cus_${marker}_customer`;
    await db.insert(savedCards).values({
      id: cardId,
      userId: me.id,
      provider: 'sandbox',
      customerId,
      brand: `${marker.toLowerCase()}brand`,
      last4: marker === 'Maya' ? '4242' : '9999',
      expMonth: 11,
      expYear: 2033,
      fingerprint: `${marker}-card-fingerprint`,
    });
    const [bid] = await db
      .insert(bids)
      .values({
        userId: me.id,
        eventName: `${marker} Bid Show`,
        eventDate: '2030-06-01',
        maxPriceCents: 25_050,
        quantity: 2,
        stripePaymentMethodId: cardId,
        expiresAt: new Date('2030-06-02T00:00:00Z'),
      })
      .returning();
    const show = await insertShowListing(db, other.id, `${marker} Alert Show`, '2030-07-01');
    const [alert] = await db
      .insert(priceAlerts)
      .values({ userId: me.id, eventId: show.event.id, quantity: 2, maxPriceCents: 15_075 })
      .returning();
    const joined = new Date('2030-02-20T10:00:00Z');
    const [entry] = await db
      .insert(fanQueueEntries)
      .values({
        userId: me.id,
        eventId: show.event.id,
        quantity: 3,
        maxPriceCents: 9_025,
        paymentMethodId: cardId,
        cardFingerprint: `${marker}-card-fingerprint`,
        joinedAt: joined,
        positionKey: joined,
      })
      .returning();
    await db.insert(supportMessages).values([
      { userId: me.id, senderId: me.id, topic: 'payment', message: `${marker}-SUPPORT-QUESTION` },
      {
        userId: me.id,
        senderId: admin.id,
        topic: 'payment',
        message: `${marker}-SUPPORT-ANSWER`,
        isFromAdmin: true,
      },
    ]);
    const [topic] = await db
      .insert(ambassadorChatTopics)
      .values({ name: `${marker} chat topic`, createdBy: admin.id })
      .returning();
    await db
      .insert(ambassadorChatMessages)
      .values({ topicId: topic?.id ?? 0, userId: me.id, content: `${marker}-CHAT-MESSAGE` });
    const sessionHash = sha256(`${marker}-session-token`);
    const deviceHash = sha256(`${marker}-device-token`);
    const codeHash = sha256(`${marker}-code`);
    const pendingHash = sha256(`${marker}-pending`);
    await db.insert(sessions).values({
      tokenHash: sessionHash,
      userId: me.id,
      expiresAt: new Date('2030-04-01T00:00:00Z'),
      userAgent: `${marker}-AGENT`,
      ip: marker === 'Maya' ? '198.51.100.7' : '203.0.113.99',
    });
    await db
      .insert(trustedDevices)
      .values({ userId: me.id, tokenHash: deviceHash, expiresAt: new Date('2030-05-01T00:00:00Z') });
    await db.insert(loginCodes).values({
      userId: me.id,
      codeHash,
      pendingTokenHash: pendingHash,
      expiresAt: new Date('2030-03-01T12:10:00Z'),
      attempts: 1,
    });
    await db
      .insert(newsletterSubscribers)
      .values({ name: `${marker} Reader`, email: me.email, confirmedAt: clock.now() });
    const [password] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, me.id));
    return {
      marker,
      listingId: listing.id,
      saleOrderId: sale.orderId,
      purchaseOrderId: purchase.orderId,
      saleTicketId: sale.ticket.id,
      purchaseTicketId: purchase.ticket.id,
      cardId,
      customerId,
      bidId: bid?.id ?? 0,
      alertId: alert?.id ?? 0,
      entryId: entry?.id ?? 0,
      hashes: [sessionHash, deviceHash, codeHash, pendingHash, password?.hash ?? 'no password hash'],
    };
  }

  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
    admin = await createTestUser(harness.database.db, { role: 'admin' });
    maya = await party();
    jordan = await party();
    casey = await party();
    await harness.database.db
      .update(users)
      .set({
        firstName: 'Jordanprivate',
        lastName: 'Surnameprivate',
        phoneNumber: '+1 555 0777',
        axsEmail: 'jordan-axs-private@example.com',
      })
      .where(eq(users.id, jordan.id));
    mayaData = await seedMember(maya, jordan, 'Maya');
    // Another member with data in every table, dealing with the same counterparty.
    caseyData = await seedMember(casey, jordan, 'Casey');
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
  });

  const auditOf = (userId: number) =>
    harness.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.adminId, userId), like(adminAuditLog.action, 'data_export.%')))
      .orderBy(adminAuditLog.id);

  /** The download, read as bytes (the test client reads text). */
  async function download(client: TestClient | null, token: string) {
    const headers: Record<string, string> = {};
    if (client) headers.cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(
      `${harness.baseUrl}/api/user/data-export/download?token=${encodeURIComponent(token)}`,
      { headers },
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    return {
      status: response.status,
      headers: response.headers,
      bytes,
      message: () => JSON.parse(new TextDecoder().decode(bytes)).message as string,
    };
  }

  const filesOf = (zip: Uint8Array): Files =>
    Object.fromEntries(
      Object.entries(unzipSync(zip)).map(([name, bytes]) => [
        name,
        JSON.parse(new TextDecoder().decode(bytes)),
      ]),
    );

  /** The token of the link in the newest export e-mail to `to`. */
  async function mailedToken(to: string): Promise<string> {
    const mail = await latestMail(harness, to);
    expect(mail.subject).toBe(DATA_EXPORT_TEXT.mailSubject);
    const link = /https?:\/\/\S+\/login\?next=\S+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeDefined();
    const next = new URL(link as string).searchParams.get('next') ?? '';
    const token = new URL(next, 'http://x').searchParams.get('export');
    expect(new URL(next, 'http://x').pathname).toBe('/profile');
    return token as string;
  }

  let mayaToken = '';
  let caseyToken = '';
  let mayaZip: Uint8Array = new Uint8Array();

  it('refuses visitors on every route', async () => {
    const visitor = harness.client();
    for (const response of [
      await visitor.get('/api/user/data-export'),
      await visitor.post('/api/user/data-export'),
      await visitor.get('/api/user/data-export/download?token=1.abc'),
    ]) {
      expect(response.status).toBe(401);
      expect(response.body.message).toBe(SERVER_MESSAGE.notAuthenticated);
    }
    expect(await harness.database.db.select().from(dataExports)).toEqual([]);
  });

  it('takes a request, writes its audit row, and refuses a second one while it is pending', async () => {
    expect((await maya.client.get('/api/user/data-export')).body).toEqual({ export: null });
    const requested = await maya.client.post('/api/user/data-export');
    expect(requested.status, requested.text).toBe(202);
    expect(requested.body.message).toBe(DATA_EXPORT_TEXT.requestedMessage);
    expect(requested.body.export).toMatchObject({
      status: 'pending',
      requestedAt: clock.now().toISOString(),
      expiresAt: null,
      downloadPath: null,
    });
    const again = await maya.client.post('/api/user/data-export');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(DATA_EXPORT_TEXT.alreadyPending);
    // Two at once: one passes at most (Maya's is pending already, Casey's two race).
    const [first, second] = await Promise.all([
      casey.client.post('/api/user/data-export'),
      casey.client.post('/api/user/data-export'),
    ]);
    expect([first.status, second.status].sort()).toEqual([202, 409]);
    const state = dataExportStateSchema.parse((await maya.client.get('/api/user/data-export')).body);
    expect(state.export?.status).toBe('pending');
    const audit = await auditOf(maya.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'data_export.request',
      targetType: 'user',
      targetId: String(maya.id),
      after: { exportId: state.export?.id, status: 'pending' },
    });
    // Nothing was mailed before the job ran.
    expect(
      (await harness.mailer.list(maya.email)).some((m) => m.subject === DATA_EXPORT_TEXT.mailSubject),
    ).toBe(false);
  });

  it('builds the ZIP in a job and e-mails a link; each file holds the seeded rows', async () => {
    clock.advance(2 * MINUTE);
    // Casey's copy is built in the same run; its e-mail fails once (see below).
    const original = harness.mailer.send.bind(harness.mailer);
    let failedOnce = false;
    const send = vi.spyOn(harness.mailer, 'send').mockImplementation(async (message) => {
      if (message.to !== casey.email || failedOnce) return original(message);
      failedOnce = true;
      throw new Error('mail server down');
    });
    await harness.app.dataExports.runner.runOnce();
    send.mockRestore();
    expect(failedOnce).toBe(true);
    const state = dataExportStateSchema.parse((await maya.client.get('/api/user/data-export')).body);
    expect(state.export).toMatchObject({
      status: 'ready',
      finishedAt: clock.now().toISOString(),
      expiresAt: new Date(clock.now().getTime() + DATA_EXPORT_TTL_MS).toISOString(),
      truncated: false,
    });
    mayaToken = await mailedToken(maya.email);
    expect(state.export?.downloadPath).toBe(
      `/api/user/data-export/download?token=${encodeURIComponent(mayaToken)}`,
    );
    const got = await download(maya.client, mayaToken);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/zip');
    expect(got.headers.get('content-disposition')).toBe('attachment; filename="encore-data-2030-03-01.zip"');
    expect(got.bytes.length).toBe(state.export?.bytes);
    mayaZip = got.bytes;
    const files = filesOf(got.bytes);
    expect(Object.keys(files).sort()).toEqual([
      'about.json',
      'bids.json',
      'fan-queue.json',
      'listings.json',
      'messages.json',
      'price-alerts.json',
      'profile.json',
      'purchases.json',
      'reviews.json',
      'sales.json',
      'saved-cards.json',
      'sign-in-history.json',
      'support.json',
    ]);
    for (const [name, file] of Object.entries(files))
      if (name !== 'about.json') expect(file.cut, name).toEqual([]);
    expect(files['about.json']).toMatchObject({ truncated: false, bounds: { maxRowsPerList: 10_000 } });

    expect(files['profile.json']).toMatchObject({
      id: maya.id,
      username: maya.username,
      email: maya.email,
      firstName: 'MayaFirst',
      lastName: 'MayaLast',
      fullName: 'Maya Full Name',
      ticketmasterEmail: 'maya-tm@example.com',
      rewardPoints: 7,
      role: 'user',
      payoutAccountConnected: false,
      newsletter: { name: 'Maya Reader', email: maya.email },
    });

    const listings = files['listings.json'].listings as any[];
    // The unsold listing and the one sold to Jordan.
    expect(listings.map((row) => row.id).sort()).toEqual([mayaData.listingId, mayaData.saleTicketId].sort());
    expect(listings.find((row) => row.id === mayaData.listingId)).toMatchObject({
      eventName: 'Maya Listing Show',
      description: 'Maya-LISTING-DESCRIPTION',
      currency: 'USD',
      faceValueCents: 6_100,
      originalServiceFeeCents: 900,
      markupPercent: 5,
      sold: false,
    });

    const [purchaseOrder] = await harness.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, mayaData.purchaseOrderId));
    expect(files['purchases.json'].purchases).toEqual([
      expect.objectContaining({
        orderId: mayaData.purchaseOrderId,
        eventName: 'Maya Purchase Show',
        seller: jordan.username,
        currency: 'USD',
        totalCents: purchaseOrder?.totalCents,
        processingFeeCents: purchaseOrder?.processingFeeCents,
        amountPaidCents: purchaseOrder?.amountCents,
      }),
    ]);
    const [saleOrder] = await harness.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, mayaData.saleOrderId));
    expect(files['sales.json'].sales).toEqual([
      expect.objectContaining({
        orderId: mayaData.saleOrderId,
        eventName: 'Maya Sale Show',
        buyer: jordan.username,
        currency: 'USD',
        buyerPaidCents: saleOrder?.amountCents,
        platformFeeCents: saleOrder?.platformFeeCents,
        yourProceedsCents: saleOrder?.sellerProceedsCents,
      }),
    ]);
    expect(Number.isInteger(saleOrder?.sellerProceedsCents)).toBe(true);

    const messages = files['messages.json'].messages as any[];
    const seeded = messages.filter((row) => String(row.content).startsWith('Maya-'));
    expect(
      seeded.map((row) => [row.direction, row.from, row.content, row.otherParty, row.yourRole]).sort(),
    ).toEqual(
      [
        ['received', 'Encore', 'Maya-SYSTEM-NOTE', jordan.username, 'buyer'],
        ['received', jordan.username, 'Maya-RECEIVED-ON-SALE', jordan.username, 'seller'],
        ['sent', maya.username, 'Maya-SENT-ON-SALE', jordan.username, 'seller'],
      ].sort(),
    );
    // The rest are the sales' own notes (sold, transferred), as both threads show them.
    const threadRows = await harness.database.db
      .select({ id: ticketMessages.id })
      .from(ticketMessages)
      .where(inArray(ticketMessages.ticketId, [mayaData.saleTicketId, mayaData.purchaseTicketId]));
    expect(messages.map((row) => row.id).sort()).toEqual(threadRows.map((row) => row.id).sort());
    for (const row of messages.filter((message) => !seeded.includes(message)))
      expect(row).toMatchObject({ direction: 'received', from: 'Encore' });

    expect(files['messages.json'].ambassadorChat).toEqual([
      {
        id: expect.any(Number),
        topic: 'Maya chat topic',
        content: 'Maya-CHAT-MESSAGE',
        createdAt: expect.any(String),
      },
    ]);

    const reviewFile = files['reviews.json'];
    expect(reviewFile.written.find((row: any) => row.status === 'submitted')).toMatchObject({
      about: jordan.username,
      rating: 5,
      comment: 'Maya-REVIEW-WRITTEN',
    });
    // The buyer's review of Maya's purchase is still pending: asked for, not written.
    expect(reviewFile.written.map((row: any) => row.status).sort()).toEqual(['pending', 'submitted']);
    expect(reviewFile.received).toEqual([
      expect.objectContaining({ from: jordan.username, rating: 4, comment: 'Maya-REVIEW-RECEIVED' }),
    ]);

    expect(files['bids.json'].bids).toEqual([
      expect.objectContaining({
        id: mayaData.bidId,
        eventName: 'Maya Bid Show',
        currency: 'USD',
        maxPriceCents: 25_050,
        quantity: 2,
        card: { brand: 'mayabrand', last4: '4242' },
      }),
    ]);
    expect(files['price-alerts.json'].priceAlerts).toEqual([
      expect.objectContaining({
        id: mayaData.alertId,
        eventName: 'Maya Alert Show',
        currency: 'USD',
        maxPricePerTicketCents: 15_075,
        quantity: 2,
        status: 'active',
      }),
    ]);
    // Fan Queue places (issue 46): the member's own, not the other member's.
    expect(files['fan-queue.json'].fanQueueEntries).toEqual([
      {
        id: mayaData.entryId,
        eventId: expect.any(Number),
        eventName: 'Maya Alert Show',
        eventDate: '2030-07-01',
        venue: expect.any(String),
        quantity: 3,
        currency: 'USD',
        maxPricePerTicketCents: 9_025,
        buyForMeCard: { brand: 'mayabrand', last4: '4242' },
        status: 'waiting',
        endedReason: null,
        joinedAt: '2030-02-20T10:00:00.000Z',
        endedAt: null,
      },
    ]);
    expect(
      (files['support.json'].messages as any[]).map((row) => [row.from, row.message, row.topic]).sort(),
    ).toEqual(
      [
        ['Encore support', 'Maya-SUPPORT-ANSWER', 'payment'],
        [maya.username, 'Maya-SUPPORT-QUESTION', 'payment'],
      ].sort(),
    );
    expect(files['saved-cards.json'].cards).toEqual([
      { brand: 'mayabrand', last4: '4242', addedAt: expect.any(String), removedAt: null },
    ]);
    const signIns = files['sign-in-history.json'];
    expect(signIns.sessions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          userAgent: 'Maya-AGENT',
          ip: '198.51.100.7',
          expiresAt: '2030-04-01T00:00:00.000Z',
        }),
      ]),
    );
    expect(signIns.trustedDevices).toEqual([
      { trustedAt: expect.any(String), lastUsedAt: null, expiresAt: '2030-05-01T00:00:00.000Z' },
    ]);
    expect(signIns.signInCodes).toEqual([
      expect.objectContaining({ expiresAt: '2030-03-01T12:10:00.000Z', usedAt: null, wrongAttempts: 1 }),
    ]);
  });

  it("holds nothing of another member's beyond what they showed this member", async () => {
    const text = Object.values(unzipSync(mayaZip))
      .map((bytes) => new TextDecoder().decode(bytes))
      .join('\n');
    // Casey has data in every table: none of it, nor Casey, appears.
    for (const secret of [
      casey.username,
      casey.email,
      'Casey',
      'casey',
      '203.0.113.99',
      '"last4": "9999"',
      caseyData.cardId,
      caseyData.customerId,
      ...caseyData.hashes,
    ])
      expect(text, secret).not.toContain(secret);
    // Jordan, the other party: the username and their messages and review to Maya, nothing private.
    expect(text).toContain(jordan.username);
    for (const secret of [
      jordan.email,
      'Jordanprivate',
      'Surnameprivate',
      '+1 555 0777',
      'jordan-axs-private@example.com',
    ])
      expect(text, secret).not.toContain(secret);
    // Nothing secret of Maya's own either: no hashes, no provider ids.
    const providerIds = (
      await harness.database.db.select({ id: checkoutSessions.id }).from(checkoutSessions)
    ).map((row) => row.id);
    for (const secret of [
      ...mayaData.hashes,
      mayaData.cardId,
      mayaData.customerId,
      'Maya-card-fingerprint',
      ...providerIds,
    ])
      expect(text, secret).not.toContain(secret);
    // And Casey's own copy is Casey's, built in the same run as Maya's. Its e-mail failed once and is sent on
    // the job's retry, without building the copy again.
    const built = dataExportStateSchema.parse((await casey.client.get('/api/user/data-export')).body);
    expect(built.export?.status).toBe('ready');
    expect(
      (await harness.mailer.list(casey.email)).some((m) => m.subject === DATA_EXPORT_TEXT.mailSubject),
    ).toBe(false);
    clock.advance(2 * MINUTE);
    await harness.app.dataExports.runner.runOnce();
    const rebuilt = dataExportStateSchema.parse((await casey.client.get('/api/user/data-export')).body);
    expect(rebuilt.export?.finishedAt).toBe(built.export?.finishedAt);
    caseyToken = await mailedToken(casey.email);
    const caseys = await download(casey.client, caseyToken);
    expect(caseys.status).toBe(200);
    const caseyText = Object.values(unzipSync(caseys.bytes))
      .map((bytes) => new TextDecoder().decode(bytes))
      .join('\n');
    expect(caseyText).toContain('Casey-LISTING-DESCRIPTION');
    for (const secret of [maya.username, maya.email, 'Maya', '"last4": "4242"', '198.51.100.7'])
      expect(caseyText, secret).not.toContain(secret);
  });

  it('downloads only for the member with the signed link, and audits each download', async () => {
    const before = (await auditOf(maya.id)).filter((row) => row.action === 'data_export.download').length;
    expect(before).toBe(1);
    const again = await download(maya.client, mayaToken);
    expect(again.status).toBe(200);
    const downloads = (await auditOf(maya.id)).filter((row) => row.action === 'data_export.download');
    expect(downloads).toHaveLength(2);
    expect(downloads[1]).toMatchObject({ targetType: 'user', targetId: String(maya.id) });

    // Another member, with Maya's link: refused as if it named nothing.
    for (const other of [jordan, casey]) {
      const refused = await download(other.client, mayaToken);
      expect(refused.status).toBe(404);
      expect(refused.message()).toBe(DATA_EXPORT_TEXT.linkInvalid);
    }
    // Maya's session with Casey's link: Casey's copy is Casey's alone.
    const crossed = await download(maya.client, caseyToken);
    expect(crossed.status).toBe(404);
    expect(crossed.message()).toBe(DATA_EXPORT_TEXT.linkInvalid);
    // No session.
    const visitor = await download(null, mayaToken);
    expect(visitor.status).toBe(401);
    // Altered: another id, another signature, or nonsense.
    const [id, signature] = mayaToken.split('.') as [string, string];
    // The first character: the last one's low bits are padding that decodes to the same signature.
    const flipped = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    for (const tampered of [`${Number(id) + 1}.${signature}`, `${id}.${flipped}`, 'nonsense', `${id}.`]) {
      const refused = await download(maya.client, tampered);
      expect(refused.status, tampered).toBe(404);
      expect(refused.message()).toBe(DATA_EXPORT_TEXT.linkInvalid);
    }
    // No refused download was recorded as one.
    expect((await auditOf(maya.id)).filter((row) => row.action === 'data_export.download')).toHaveLength(2);
    // Admins read the member's request and downloads in the audit log.
    const adminClient = await signedInClient(harness, admin.id);
    const log = await adminClient.get(`/api/admin/audit-log?adminId=${maya.id}&pageSize=100`);
    expect(log.status, log.text).toBe(200);
    expect((log.body.entries as { action: string }[]).map((entry) => entry.action)).toEqual([
      'data_export.download',
      'data_export.download',
      'data_export.request',
    ]);
  });

  it('expires after a week: the link answers 410, the sweep deletes the file, a new request is taken', async () => {
    clock.advance(DATA_EXPORT_TTL_MS - 5 * MINUTE);
    expect((await download(maya.client, mayaToken)).status).toBe(200);
    clock.advance(10 * MINUTE);
    const late = await download(maya.client, mayaToken);
    expect(late.status).toBe(410);
    expect(late.message()).toBe(DATA_EXPORT_TEXT.linkExpired);
    const state = dataExportStateSchema.parse((await maya.client.get('/api/user/data-export')).body);
    expect(state.export).toMatchObject({ status: 'expired', downloadPath: null, bytes: null });
    // The hourly sweep deletes the file itself.
    clock.advance(60 * MINUTE);
    await harness.app.dataExports.runner.runOnce();
    const rows = await harness.database.db.select().from(dataExports).where(eq(dataExports.userId, maya.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'expired', archive: null });
    expect((await download(maya.client, mayaToken)).status).toBe(410);
    // Nothing pending now: a new copy may be asked for, and it gets a link of its own.
    const renewed = await maya.client.post('/api/user/data-export');
    expect(renewed.status, renewed.text).toBe(202);
    await harness.app.dataExports.runner.runOnce();
    const newToken = await mailedToken(maya.email);
    expect(newToken).not.toBe(mayaToken);
    expect((await download(maya.client, newToken)).status).toBe(200);
    expect((await download(maya.client, mayaToken)).status).toBe(410);
    // A newer copy replaces the one before: one file per member at most.
    expect((await maya.client.post('/api/user/data-export')).status).toBe(202);
    clock.advance(MINUTE);
    await harness.app.dataExports.runner.runOnce();
    const newest = await mailedToken(maya.email);
    expect(newest).not.toBe(newToken);
    expect((await download(maya.client, newest)).status).toBe(200);
    expect((await download(maya.client, newToken)).status).toBe(410);
    const kept = await harness.database.db
      .select({ status: dataExports.status, archive: dataExports.archive })
      .from(dataExports)
      .where(eq(dataExports.userId, maya.id));
    expect(kept.filter((row) => row.archive !== null)).toHaveLength(1);
    expect(kept.map((row) => row.status).sort()).toEqual(['expired', 'expired', 'ready']);
  });

  it('bounds each list and the whole, and says in the file what was cut', async () => {
    const db = harness.database.db;
    const whole = filesOf((await buildDataExport(db, maya.id, clock.now())).zip);
    const messageCount = whole['messages.json'].messages.length;
    expect(messageCount).toBeGreaterThan(1);
    const rows = await buildDataExport(db, maya.id, clock.now(), {
      maxRowsPerList: 1,
      maxTotalBytes: 1024 * 1024,
    });
    expect(rows.truncated).toBe(true);
    const byRows = filesOf(rows.zip);
    expect(byRows['messages.json'].messages).toHaveLength(1);
    expect(byRows['messages.json'].cut).toEqual([
      { list: 'messages', total: messageCount, included: 1, reason: 'rows' },
    ]);
    expect(byRows['messages.json'].messages[0]).toEqual(whole['messages.json'].messages[0]);
    expect(byRows['support.json'].cut).toEqual([{ list: 'messages', total: 2, included: 1, reason: 'rows' }]);
    // The newest row is the one kept.
    expect(byRows['support.json'].messages[0].message).toBe('Maya-SUPPORT-ANSWER');
    expect(byRows['about.json']).toMatchObject({ truncated: true, bounds: { maxRowsPerList: 1 } });
    expect(byRows['bids.json'].cut).toEqual([]);

    const maxTotalBytes = 24 * 1024;
    const bySize = await buildDataExport(db, maya.id, clock.now(), { maxRowsPerList: 10_000, maxTotalBytes });
    const unzipped = unzipSync(bySize.zip);
    const total = Object.values(unzipped).reduce((sum, bytes) => sum + bytes.length, 0);
    expect(total).toBeLessThanOrEqual(maxTotalBytes);
    const files = filesOf(bySize.zip);
    const sizeCuts = Object.values(files).flatMap((file: any) => file.cut ?? []);
    expect(sizeCuts.length).toBeGreaterThan(0);
    for (const cut of sizeCuts) {
      expect(cut.reason).toBe('size');
      expect(cut.included).toBeLessThan(cut.total);
    }
    expect(files['about.json'].truncated).toBe(true);
  });
});
