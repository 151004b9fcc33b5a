import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_TEXT, SERVER_MESSAGE } from '../../../common/messages.js';
import { MESSAGE_PAGE_SIZE } from '../../../common/schemas/messages.js';
import { ticketMessageReads, ticketMessages } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient, type TestAccount } from '../auth/testing.js';
import { insertListing } from '../marketplace/testing.js';
import { initiateTransfer } from '../transfers/service.js';
import { MESSAGE_MAIL_QUIET_MS } from './service.js';
import { buySoldTicket as buyTicket } from './testing.js';

describe.each(backends)('ticket messages on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  let seller: TestAccount;
  let buyer: TestAccount;
  let stranger: TestAccount;
  let admin: TestAccount;
  let sellerClient: TestClient;
  let buyerClient: TestClient;
  let strangerClient: TestClient;
  let adminClient: TestClient;

  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
    const db = harness.database.db;
    seller = await createTestUser(db);
    buyer = await createTestUser(db);
    stranger = await createTestUser(db);
    admin = await createTestUser(db, { role: 'admin' });
    sellerClient = await signedInClient(harness, seller.id);
    buyerClient = await signedInClient(harness, buyer.id);
    strangerClient = await signedInClient(harness, stranger.id);
    adminClient = await signedInClient(harness, admin.id);
  });
  afterAll(async () => {
    await harness.close();
  });

  const db = () => harness.database.db;
  const path = (ticketId: number) => `/api/tickets/${ticketId}/messages`;
  const unreadOf = async (client: TestClient) => (await client.get('/api/notifications')).body.unreadMessages;
  const messageCount = async (ticketId: number) =>
    (await db().select().from(ticketMessages).where(eq(ticketMessages.ticketId, ticketId))).length;
  /**
   * A sold ticket whose thread starts empty: fulfilment's "ticket sold" system note (tested with the escrow
   * timeline) is removed so these tests count only what they write.
   */
  const buySoldTicket = async (...args: Parameters<typeof buyTicket>) => {
    const ticketId = await buyTicket(...args);
    await db().delete(ticketMessages).where(eq(ticketMessages.ticketId, ticketId));
    return ticketId;
  };

  it('lets the buyer and the seller of a sold ticket write and read, in order, with the spec fields', async () => {
    const ticketId = await buySoldTicket(harness, seller.id, buyerClient);
    const first = await buyerClient.post(path(ticketId), {
      content: '  Hi, when will you send the tickets?  ',
    });
    expect(first.status, first.text).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(Number),
      content: 'Hi, when will you send the tickets?',
      messageType: 'user',
      senderId: buyer.id,
      sender: { username: buyer.username },
      createdAt: clock.now().toISOString(),
    });
    const reply = await sellerClient.post(path(ticketId), { content: 'Tonight.\nThanks!' });
    expect(reply.status, reply.text).toBe(201);

    for (const client of [sellerClient, buyerClient, adminClient]) {
      const thread = await client.get(path(ticketId));
      expect(thread.status, thread.text).toBe(200);
      expect(thread.body.map((message: { content: string }) => message.content)).toEqual([
        'Hi, when will you send the tickets?',
        'Tonight.\nThanks!',
      ]);
      expect(thread.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('answers 401 to visitors and 404 to strangers and to listings nobody bought, changing nothing', async () => {
    const ticketId = await buySoldTicket(harness, seller.id, buyerClient);
    const visitor = harness.client();
    const anonymousRead = await visitor.get(path(ticketId));
    expect(anonymousRead.status).toBe(401);
    expect(anonymousRead.body.message).toBe(SERVER_MESSAGE.notAuthenticated);
    expect((await visitor.post(path(ticketId), { content: 'hello' })).status).toBe(401);

    const strangerRead = await strangerClient.get(path(ticketId));
    expect(strangerRead.status).toBe(404);
    expect(strangerRead.body.message).toBe(MESSAGE_TEXT.notFound);
    expect((await strangerClient.post(path(ticketId), { content: 'hello' })).status).toBe(404);

    const unsold = await insertListing(db(), seller.id);
    expect((await sellerClient.get(path(unsold.id))).status).toBe(404);
    expect((await sellerClient.post(path(unsold.id), { content: 'hello' })).status).toBe(404);
    expect((await adminClient.get(path(unsold.id))).status).toBe(404);
    expect((await buyerClient.get(path(999_999))).status).toBe(404);
    expect((await buyerClient.get('/api/tickets/abc/messages')).status).toBe(400);
    expect(await messageCount(ticketId)).toBe(0);
    expect(await messageCount(unsold.id)).toBe(0);
  });

  it('refuses blank and over-long content and stores HTML as plain text', async () => {
    const ticketId = await buySoldTicket(harness, seller.id, buyerClient);
    for (const content of ['', '   \n\t ', '\u200b\u200c\u200d', '\u2060\ufeff\u00ad \u200e\n\u2067']) {
      const blank = await buyerClient.post(path(ticketId), { content });
      expect(blank.status).toBe(400);
      expect(blank.body.fieldErrors.content).toBe(MESSAGE_TEXT.blank);
    }
    const missing = await buyerClient.post(path(ticketId), {});
    expect(missing.status).toBe(400);
    const tooLong = await buyerClient.post(path(ticketId), { content: 'x'.repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fieldErrors.content).toBe(MESSAGE_TEXT.tooLong);
    const control = await buyerClient.post(path(ticketId), { content: 'bell\u0007' });
    expect(control.status).toBe(400);
    expect(await messageCount(ticketId)).toBe(0);

    const longest = await buyerClient.post(path(ticketId), { content: ` ${'y'.repeat(500)} ` });
    expect(longest.status, longest.text).toBe(201);
    const script = '<script>alert("x")</script> & <b>bold</b>';
    const html = await buyerClient.post(path(ticketId), { content: script });
    expect(html.status).toBe(201);
    const thread = await sellerClient.get(path(ticketId));
    expect(thread.headers.get('content-type')).toContain('application/json');
    expect(thread.body.at(-1).content).toBe(script);
  });

  it('answers deltas after a known id and 304 when nothing was written', async () => {
    const ticketId = await buySoldTicket(harness, seller.id, buyerClient);
    const empty = await buyerClient.get(path(ticketId));
    expect(empty.body).toEqual([]);
    const emptyTag = empty.headers.get('etag');
    expect(emptyTag).toBeTruthy();
    const unchanged = await buyerClient.request('GET', path(ticketId), {
      headers: { 'if-none-match': emptyTag as string },
    });
    expect(unchanged.status).toBe(304);
    expect(unchanged.text).toBe('');

    const sent = await sellerClient.post(path(ticketId), { content: 'one' });
    expect(sent.status, sent.text).toBe(201);
    const changed = await buyerClient.request('GET', path(ticketId), {
      headers: { 'if-none-match': emptyTag as string },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.map((message: { id: number }) => message.id)).toEqual([sent.body.id]);
    const tag = changed.headers.get('etag') as string;
    expect(tag).not.toBe(emptyTag);
    expect(
      (await buyerClient.request('GET', path(ticketId), { headers: { 'if-none-match': `W/${tag}` } })).status,
    ).toBe(304);

    const nothingNew = await buyerClient.get(`${path(ticketId)}?after=${sent.body.id}`);
    expect(nothingNew.status).toBe(200);
    expect(nothingNew.body).toEqual([]);
    const second = await sellerClient.post(path(ticketId), { content: 'two' });
    const delta = await buyerClient.get(`${path(ticketId)}?after=${sent.body.id}`);
    expect(delta.body.map((message: { content: string }) => message.content)).toEqual(['two']);
    expect(delta.body[0].id).toBe(second.body.id);
    expect((await buyerClient.get(`${path(ticketId)}?after=-1`)).status).toBe(400);
  });

  it('bounds a page to the newest messages, and pages deltas from an id', async () => {
    const ticketId = await buySoldTicket(harness, seller.id, buyerClient);
    const total = MESSAGE_PAGE_SIZE + 5;
    await db()
      .insert(ticketMessages)
      .values(
        Array.from({ length: total }, (_, index) => ({
          ticketId,
          senderId: seller.id,
          content: `m${index}`,
          createdAt: clock.now(),
        })),
      );
    const page = await buyerClient.get(path(ticketId));
    expect(page.body).toHaveLength(MESSAGE_PAGE_SIZE);
    expect(page.body[0].content).toBe('m5');
    expect(page.body.at(-1).content).toBe(`m${total - 1}`);
    const fromStart = await buyerClient.get(`${path(ticketId)}?after=0`);
    expect(fromStart.body).toHaveLength(MESSAGE_PAGE_SIZE);
    expect(fromStart.body[0].content).toBe('m0');
    // A truncated delta carries no tag: the client asks again from its last id.
    expect(fromStart.headers.get('etag')).toBeNull();
  });

  it("counts the other party's unread messages per reader, not system notes, and reading the thread marks them read", async () => {
    const ticketId = await buySoldTicket(harness, seller.id, buyerClient);
    await buyerClient.post(path(ticketId), { content: 'first' });
    await buyerClient.post(path(ticketId), { content: 'second' });
    expect(await unreadOf(sellerClient)).toContainEqual({ ticketId, count: 2 });
    // The writer's own messages are never unread for them.
    expect(
      (await unreadOf(buyerClient)).find((entry: { ticketId: number }) => entry.ticketId === ticketId),
    ).toBe(undefined);

    // The transfer step's system note is in the thread but badges count it through pendingTransfers.
    await initiateTransfer(db(), ticketId, seller.id, clock.now());
    expect(
      (await unreadOf(buyerClient)).find((entry: { ticketId: number }) => entry.ticketId === ticketId),
    ).toBe(undefined);
    expect(await unreadOf(sellerClient)).toContainEqual({ ticketId, count: 2 });

    // An admin reading the thread reads it for nobody else.
    await adminClient.get(path(ticketId));
    expect(await unreadOf(sellerClient)).toContainEqual({ ticketId, count: 2 });
    const read = await sellerClient.get(path(ticketId));
    expect(read.body.at(-1).messageType).toBe('system');
    expect(read.body.at(-1).sender).toBeNull();
    expect(read.body.at(-1).senderId).toBeNull();
    expect(
      (await unreadOf(sellerClient)).find((entry: { ticketId: number }) => entry.ticketId === ticketId),
    ).toBe(undefined);
    // A delta that returns nothing moves no marker back.
    await sellerClient.get(`${path(ticketId)}?after=0`);
    const [marker] = await db()
      .select()
      .from(ticketMessageReads)
      .where(and(eq(ticketMessageReads.ticketId, ticketId), eq(ticketMessageReads.userId, seller.id)));
    expect(marker?.lastReadMessageId).toBe(read.body.at(-1).id);
    expect(await unreadOf(strangerClient)).toEqual([]);
  });

  it('e-mails the other party once per quiet period, with the content as plain text', async () => {
    const ticketId = await buySoldTicket(harness, seller.id, buyerClient);
    const mailsTo = async (to: string) =>
      (await harness.mailer.list(to)).filter((mail) => mail.subject.startsWith('New message about'));
    const before = (await mailsTo(seller.email)).length;
    await buyerClient.post(path(ticketId), { content: 'Is <b>section</b> 101 near the stage?' });
    const mails = await mailsTo(seller.email);
    expect(mails).toHaveLength(before + 1);
    const mail = mails[0] as NonNullable<(typeof mails)[0]>;
    expect(mail.text).toContain('Is <b>section</b> 101 near the stage?');
    expect(mail.text).toContain(buyer.username);
    expect(mail.html).toContain('Is &lt;b&gt;section&lt;/b&gt; 101');
    expect(mail.html).not.toContain('<b>section');

    clock.advance(MESSAGE_MAIL_QUIET_MS - 60_000);
    await buyerClient.post(path(ticketId), { content: 'Still there?' });
    expect(await mailsTo(seller.email)).toHaveLength(before + 1);
    // The writer is never mailed about their own messages.
    const buyerMails = (await mailsTo(buyer.email)).length;

    clock.advance(60_000);
    await buyerClient.post(path(ticketId), { content: 'Hello again' });
    expect(await mailsTo(seller.email)).toHaveLength(before + 2);
    expect(await mailsTo(buyer.email)).toHaveLength(buyerMails);

    await sellerClient.post(path(ticketId), { content: 'Yes, sending now' });
    expect(await mailsTo(buyer.email)).toHaveLength(buyerMails + 1);
  });

  it('lets an admin write in a thread, e-mailing both parties and counting as unread for both', async () => {
    const ticketId = await buySoldTicket(harness, seller.id, buyerClient);
    const mailsAbout = async (to: string) =>
      (await harness.mailer.list(to)).filter((mail) => mail.text.includes('We are looking into the delay'));
    const posted = await adminClient.post(path(ticketId), { content: 'We are looking into the delay.' });
    expect(posted.status, posted.text).toBe(201);
    expect(posted.body.senderId).toBe(admin.id);
    expect(await mailsAbout(seller.email)).toHaveLength(1);
    expect(await mailsAbout(buyer.email)).toHaveLength(1);
    expect(await unreadOf(sellerClient)).toContainEqual({ ticketId, count: 1 });
    expect(await unreadOf(buyerClient)).toContainEqual({ ticketId, count: 1 });
  });

  it('limits how fast one user can write', async () => {
    const ticketId = await buySoldTicket(harness, seller.id, buyerClient);
    const talker = await createTestUser(db());
    const talkerClient = await signedInClient(harness, talker.id);
    const own = await buySoldTicket(harness, seller.id, talkerClient);
    const statuses: number[] = [];
    for (let index = 0; index < 20; index++)
      statuses.push((await talkerClient.post(path(own), { content: `m${index}` })).status);
    expect(statuses.every((status) => status === 201)).toBe(true);
    const limited = await talkerClient.post(path(own), { content: 'one more' });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(MESSAGE_TEXT.tooMany);
    expect(await messageCount(own)).toBe(20);
    expect((await buyerClient.post(path(ticketId), { content: 'others still can' })).status).toBe(201);
  });
});
