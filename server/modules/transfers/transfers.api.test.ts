import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventPath } from '../../../common/event-path.js';
import {
  CHECKOUT_MAIL_SUBJECT,
  MY_TICKETS_TEXT,
  PAYOUT_MAIL_SUBJECT,
  TRANSFER_MAIL_SUBJECT,
} from '../../../common/messages.js';
import { jobs, orders, reviews, ticketMessages, tickets, users } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient, type TestAccount } from '../auth/testing.js';
import { insertListing, insertShowListing } from '../marketplace/testing.js';
import { TRANSFER_TEXT } from './service.js';
import { buyThroughSandbox } from './testing.js';

describe.each(backends)('transfers API on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  let seller: TestAccount;
  let buyerAccount: TestAccount;
  let sellerClient: TestClient;
  let buyer: TestClient;
  let stranger: TestClient;
  let visitor: TestClient;
  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
    const db = harness.database.db;
    seller = await createTestUser(db);
    buyerAccount = await createTestUser(db);
    const strangerAccount = await createTestUser(db);
    sellerClient = await signedInClient(harness, seller.id);
    buyer = await signedInClient(harness, buyerAccount.id);
    stranger = await signedInClient(harness, strangerAccount.id);
    visitor = harness.client();
  });
  afterAll(async () => {
    await harness.close();
  });

  const db = () => harness.database.db;
  const listing = (overrides: Parameters<typeof insertListing>[2] = {}) =>
    insertListing(db(), seller.id, { eventDate: '2030-05-01', ...overrides });
  async function sold(overrides: Parameters<typeof insertListing>[2] = {}) {
    const ticket = await listing(overrides);
    await buyThroughSandbox(buyer, ticket);
    return ticket;
  }
  const ticketRow = async (id: number) => {
    const [row] = await db().select().from(tickets).where(eq(tickets.id, id));
    return row;
  };
  const systemMessages = (ticketId: number) =>
    db()
      .select({ content: ticketMessages.content })
      .from(ticketMessages)
      .where(and(eq(ticketMessages.ticketId, ticketId), eq(ticketMessages.messageType, 'system')));

  it('asks visitors to sign in on every route', async () => {
    const ticket = await listing();
    for (const response of [
      await visitor.get('/api/my-tickets'),
      await visitor.post(`/api/tickets/${ticket.id}/initiate-transfer`),
      await visitor.post(`/api/tickets/${ticket.id}/complete-transfer`),
      await visitor.get(`/api/tickets/${ticket.id}/buyer-transfer-info`),
    ])
      expect(response.status).toBe(401);
  });

  it('walks a sale from pending to bought and sold, with the e-mail, system messages, reviews and payout job', async () => {
    const ticket = await sold();
    const pendingSeller = await sellerClient.get('/api/my-tickets?tab=pending');
    expect(pendingSeller.status, pendingSeller.text).toBe(200);
    const sellerCard = pendingSeller.body.tickets.find((card: { id: number }) => card.id === ticket.id);
    expect(sellerCard).toMatchObject({
      role: 'seller',
      sold: true,
      transferStatus: 'not_started',
      transferComplete: false,
      buyer: { id: buyerAccount.id, username: buyerAccount.username },
      buyerContactName: 'Test User',
      seller: { id: seller.id, username: seller.username },
    });
    expect(sellerCard.totalPaid).toBeGreaterThan(sellerCard.listingPrice * sellerCard.quantity);
    expect(pendingSeller.body.sellerActionCount).toBeGreaterThanOrEqual(1);

    // The buyer may not initiate, the seller may not confirm, and confirming too early is refused.
    expect((await buyer.post(`/api/tickets/${ticket.id}/initiate-transfer`)).status).toBe(403);
    expect((await stranger.post(`/api/tickets/${ticket.id}/initiate-transfer`)).status).toBe(403);
    const early = await buyer.post(`/api/tickets/${ticket.id}/complete-transfer`);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(TRANSFER_TEXT.notInitiated);
    expect((await sellerClient.post(`/api/tickets/${ticket.id}/complete-transfer`)).status).toBe(403);
    expect(await ticketRow(ticket.id)).toMatchObject({
      transferStatus: 'not_started',
      transferComplete: false,
    });

    const initiated = await sellerClient.post(`/api/tickets/${ticket.id}/initiate-transfer`);
    expect(initiated.status, initiated.text).toBe(200);
    expect(await ticketRow(ticket.id)).toMatchObject({
      transferStatus: 'initiated',
      transferInitiatedAt: clock.now(),
    });
    const [mail] = await harness.mailer.list(buyerAccount.email);
    expect(mail?.subject).toBe(TRANSFER_MAIL_SUBJECT.initiated);
    expect(mail?.text).toContain(ticket.eventName);
    expect(mail?.text).toContain('Ticketmaster');
    expect(mail?.text).not.toContain("The show's page");
    expect(await systemMessages(ticket.id)).toContainEqual({ content: TRANSFER_TEXT.systemInitiated });

    const again = await sellerClient.post(`/api/tickets/${ticket.id}/initiate-transfer`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(TRANSFER_TEXT.alreadyInitiated);

    const buyerPending = await buyer.get('/api/my-tickets?tab=pending');
    expect(buyerPending.body.tickets.find((card: { id: number }) => card.id === ticket.id)).toMatchObject({
      role: 'buyer',
      transferStatus: 'initiated',
      buyerContactName: null,
    });

    const completed = await buyer.post(`/api/tickets/${ticket.id}/complete-transfer`);
    expect(completed.status, completed.text).toBe(200);
    expect(completed.body).toEqual({ message: MY_TICKETS_TEXT.completed });
    // The seller learns the sale is complete and when the payout comes, once.
    const sellerMails = async () =>
      (await harness.mailer.list(seller.email)).filter(
        (mail) => mail.subject === PAYOUT_MAIL_SUBJECT.saleCompleted,
      );
    const [saleMail] = await sellerMails();
    expect(saleMail?.text).toContain(`The buyer confirmed receipt of your ticket for ${ticket.eventName}`);
    // Three days after the event (2030-05-01): Saturday, May 4, 2030.
    expect(saleMail?.text).toMatch(/Your payout of \$[\d,]+\.\d{2} is scheduled for Saturday, May 4, 2030/);
    expect(saleMail?.text).not.toContain('Connect a payout account');
    const repeated = await buyer.post(`/api/tickets/${ticket.id}/complete-transfer`);
    expect(repeated.status).toBe(200);
    expect(repeated.body).toEqual({ message: MY_TICKETS_TEXT.alreadyCompleted, alreadyCompleted: true });
    expect(await sellerMails()).toHaveLength(1);
    expect(await ticketRow(ticket.id)).toMatchObject({ transferStatus: 'completed', transferComplete: true });
    expect(await db().select().from(reviews).where(eq(reviews.ticketId, ticket.id))).toHaveLength(2);
    expect(await systemMessages(ticket.id)).toContainEqual({ content: TRANSFER_TEXT.systemCompletedByBuyer });

    const bought = await buyer.get('/api/my-tickets?tab=bought');
    expect(bought.body.tickets.map((card: { id: number }) => card.id)).toContain(ticket.id);
    const soldTab = await sellerClient.get('/api/my-tickets?tab=sold');
    expect(soldTab.body.tickets.map((card: { id: number }) => card.id)).toContain(ticket.id);
    const stillPending = await sellerClient.get('/api/my-tickets?tab=pending');
    expect(stillPending.body.tickets.map((card: { id: number }) => card.id)).not.toContain(ticket.id);
  });

  it("links the show's event page in the transfer e-mail when the ticket is of a known event", async () => {
    const showSeller = await createTestUser(db());
    const showBuyer = await createTestUser(db());
    const { event, ticket } = await insertShowListing(db(), showSeller.id, `Luna Ray <Live> ${Date.now()}`);
    await buyThroughSandbox(await signedInClient(harness, showBuyer.id), ticket);
    const initiated = await (await signedInClient(harness, showSeller.id)).post(
      `/api/tickets/${ticket.id}/initiate-transfer`,
    );
    expect(initiated.status, initiated.text).toBe(200);

    const page = `${harness.config.appUrl}${eventPath(event.id, event.name)}`;
    const mail = (await harness.mailer.list(showBuyer.email)).find(
      (message) => message.subject === TRANSFER_MAIL_SUBJECT.initiated,
    );
    expect(mail?.text).toContain(`The show's page: ${page}`);
    expect(mail?.html).toContain(`<p>The show&#39;s page: <a href="${page}">${page}</a></p>`);
    expect(mail?.html).toContain('Luna Ray &lt;Live&gt;');
  });

  it('answers 404 for an unknown ticket and 409 for the seller’s own unsold listing, changing nothing', async () => {
    const unknown = 2_000_000_000;
    expect((await sellerClient.post(`/api/tickets/${unknown}/initiate-transfer`)).status).toBe(404);
    expect((await buyer.post(`/api/tickets/${unknown}/complete-transfer`)).status).toBe(404);
    expect((await sellerClient.get(`/api/tickets/${unknown}/buyer-transfer-info`)).status).toBe(404);
    const ticket = await listing();
    const before = await ticketRow(ticket.id);
    const own = await sellerClient.post(`/api/tickets/${ticket.id}/initiate-transfer`);
    expect(own.status).toBe(409);
    expect(own.body.message).toBe(TRANSFER_TEXT.notSold);
    expect((await stranger.post(`/api/tickets/${ticket.id}/initiate-transfer`)).status).toBe(403);
    expect((await stranger.post(`/api/tickets/${ticket.id}/complete-transfer`)).status).toBe(403);
    expect((await sellerClient.get(`/api/tickets/${ticket.id}/buyer-transfer-info`)).status).toBe(409);
    expect(await ticketRow(ticket.id)).toEqual(before);
    expect(await systemMessages(ticket.id)).toEqual([]);
  });

  it('refuses ids that are not ticket ids with 400', async () => {
    expect((await sellerClient.post('/api/tickets/abc/initiate-transfer')).status).toBe(400);
    expect((await sellerClient.get('/api/tickets/0/buyer-transfer-info')).status).toBe(400);
  });

  it('lets exactly one of 50 parallel confirmations complete the transfer', async () => {
    const ticket = await sold();
    expect((await sellerClient.post(`/api/tickets/${ticket.id}/initiate-transfer`)).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => buyer.post(`/api/tickets/${ticket.id}/complete-transfer`)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    expect(answers.filter((answer) => answer.body.alreadyCompleted !== true)).toHaveLength(1);
    const completions = (await systemMessages(ticket.id)).filter(
      (message) => message.content === TRANSFER_TEXT.systemCompletedByBuyer,
    );
    expect(completions).toHaveLength(1);
    expect(await db().select().from(reviews).where(eq(reviews.ticketId, ticket.id))).toHaveLength(2);
    const [order] = await db().select({ id: orders.id }).from(orders).where(eq(orders.ticketId, ticket.id));
    const payouts = await db()
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, 'payout'), eq(jobs.key, String(order?.id))));
    expect(payouts).toHaveLength(1);
  });

  it('shows the seller the buyer’s transfer e-mail for the platform, or that one is required', async () => {
    await db()
      .update(users)
      .set({ ticketmasterEmail: 'old@tm.example' })
      .where(eq(users.id, buyerAccount.id));
    const before = await sold();
    expect((await buyer.get(`/api/tickets/${before.id}/buyer-transfer-info`)).status).toBe(403);
    expect((await stranger.get(`/api/tickets/${before.id}/buyer-transfer-info`)).status).toBe(403);
    // Removed after a purchase that did not ask for it: the seller is not told the buyer was asked.
    await db().update(users).set({ ticketmasterEmail: null }).where(eq(users.id, buyerAccount.id));
    const notAsked = await sellerClient.get(`/api/tickets/${before.id}/buyer-transfer-info`);
    expect(notAsked.status, notAsked.text).toBe(200);
    expect(notAsked.body).toEqual({
      platform: 'ticketmaster',
      platformDisplayName: 'Ticketmaster',
      platformEmail: null,
      requiresEmail: true,
      buyerAsked: false,
    });

    // Bought without one: the purchase e-mail asks for it, and the thread records that it did (issue 34).
    const ticket = await sold();
    // The outbox lists the newest first.
    const purchaseMail = (await harness.mailer.list(buyerAccount.email)).find(
      (mail) => mail.subject === CHECKOUT_MAIL_SUBJECT.buyerConfirmation,
    );
    expect(purchaseMail?.text).toContain(
      'Action needed: the seller sends your tickets to your Ticketmaster account, and we do not have your Ticketmaster email yet.',
    );
    expect((await systemMessages(ticket.id)).map((row) => row.content)).toContain(
      MY_TICKETS_TEXT.systemAskedForTransferEmail('Ticketmaster'),
    );
    const missing = await sellerClient.get(`/api/tickets/${ticket.id}/buyer-transfer-info`);
    expect(missing.body).toMatchObject({ platformEmail: null, requiresEmail: true, buyerAsked: true });

    // The buyer adds it to their profile: both sales waiting on it say so, and the seller sees the address.
    const saved = await buyer.patch('/api/user', { ticketmasterEmail: 'fan@tm.example' });
    expect(saved.status, saved.text).toBe(200);
    for (const id of [before.id, ticket.id])
      expect((await systemMessages(id)).map((row) => row.content)).toContain(
        MY_TICKETS_TEXT.systemBuyerAddedTransferEmail('Ticketmaster'),
      );
    const known = await sellerClient.get(`/api/tickets/${ticket.id}/buyer-transfer-info`);
    expect(known.body).toEqual({
      platform: 'ticketmaster',
      platformDisplayName: 'Ticketmaster',
      platformEmail: 'fan@tm.example',
      requiresEmail: false,
      buyerAsked: false,
    });
    // Saving the same address again is no news.
    await buyer.patch('/api/user', { ticketmasterEmail: 'fan@tm.example' });
    expect(
      (await systemMessages(ticket.id)).filter(
        (row) => row.content === MY_TICKETS_TEXT.systemBuyerAddedTransferEmail('Ticketmaster'),
      ),
    ).toHaveLength(1);

    const paper = await listing();
    await db().update(tickets).set({ ticketType: 'paper', platform: null }).where(eq(tickets.id, paper.id));
    await buyThroughSandbox(buyer, paper);
    const paperInfo = await sellerClient.get(`/api/tickets/${paper.id}/buyer-transfer-info`);
    expect(paperInfo.body).toEqual({
      platform: null,
      platformDisplayName: null,
      platformEmail: null,
      requiresEmail: false,
      buyerAsked: false,
    });
  });

  it('hides a paper ticket’s barcode from the buyer until the transfer is initiated', async () => {
    const ticket = await listing();
    await db()
      .update(tickets)
      .set({ ticketType: 'paper', platform: null, barcodeUrl: '/api/images/b.jpg', barcodePublicId: 'b-1' })
      .where(eq(tickets.id, ticket.id));
    await buyThroughSandbox(buyer, ticket);
    const card = async (client: TestClient) =>
      (await client.get('/api/my-tickets?tab=pending&limit=50')).body.tickets.find(
        (item: { id: number }) => item.id === ticket.id,
      );
    expect(await card(sellerClient)).toMatchObject({ barcodeCloudinaryPublicId: 'b-1' });
    expect(await card(buyer)).toMatchObject({ barcodeCloudinaryUrl: null, barcodeCloudinaryPublicId: null });
    await sellerClient.post(`/api/tickets/${ticket.id}/initiate-transfer`);
    expect(await card(buyer)).toMatchObject({ barcodeCloudinaryPublicId: 'b-1' });
  });
});

describe.each(backends)('GET /api/my-tickets on %s', (backend) => {
  let harness: TestApp;
  let seller: TestAccount;
  let sellerClient: TestClient;
  let buyer: TestClient;
  let buyerId: number;
  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock: new ManualClock(new Date('2030-03-01T12:00:00Z')) });
    seller = await createTestUser(harness.database.db);
    const buyerAccount = await createTestUser(harness.database.db);
    buyerId = buyerAccount.id;
    sellerClient = await signedInClient(harness, seller.id);
    buyer = await signedInClient(harness, buyerAccount.id);
  });
  afterAll(async () => {
    await harness.close();
  });

  it('puts each ticket in its tab with counts, sorts by event date and pages with a cursor', async () => {
    const db = harness.database.db;
    const dates = ['2030-06-03', '2030-04-01', '2030-05-02', '2030-04-01', '2030-07-09'];
    const made = [];
    for (const eventDate of dates) made.push(await insertListing(db, seller.id, { eventDate }));
    const [first, second] = made;
    if (!first || !second) throw new Error('no listings');
    await buyThroughSandbox(buyer, first);
    await buyThroughSandbox(buyer, second);

    const listings = await sellerClient.get('/api/my-tickets?tab=listings&limit=2');
    expect(listings.status, listings.text).toBe(200);
    expect(listings.body.counts).toEqual({ listings: 3, bought: 0, sold: 0, pending: 2 });
    expect(listings.body.sellerActionCount).toBe(2);
    const page1 = listings.body.tickets.map((card: { eventDate: string }) => card.eventDate);
    expect(page1).toEqual(['2030-04-01', '2030-05-02']);
    const next = await sellerClient.get(
      `/api/my-tickets?tab=listings&limit=2&cursor=${listings.body.nextCursor}`,
    );
    expect(next.body.tickets.map((card: { eventDate: string }) => card.eventDate)).toEqual(['2030-07-09']);
    expect(next.body.nextCursor).toBeNull();

    const buyerView = await buyer.get('/api/my-tickets');
    expect(buyerView.body.tab).toBe('pending');
    expect(buyerView.body.counts).toEqual({ listings: 0, bought: 0, sold: 0, pending: 2 });
    expect(buyerView.body.sellerActionCount).toBe(0);
    expect(buyerView.body.tickets.map((card: { id: number }) => card.id)).toEqual([second.id, first.id]);
    expect((await sellerClient.get('/api/my-tickets?tab=sold')).body.tickets).toEqual([]);
  });

  it('pages the pending tab with the seller side first, each side by event date', async () => {
    const db = harness.database.db;
    const theirs = await insertListing(db, buyerId, { eventDate: '2030-03-20' });
    await buyThroughSandbox(sellerClient, theirs);
    const seen: Array<[string, string]> = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const answer = await sellerClient.get(`/api/my-tickets?tab=pending&limit=1${query}`);
      expect(answer.status, answer.text).toBe(200);
      for (const card of answer.body.tickets) seen.push([card.role, card.eventDate]);
      cursor = answer.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([
      ['seller', '2030-04-01'],
      ['seller', '2030-06-03'],
      ['buyer', '2030-03-20'],
    ]);
  });

  it('refuses a bad tab, limit or cursor with 400', async () => {
    expect((await sellerClient.get('/api/my-tickets?tab=everything')).status).toBe(400);
    expect((await sellerClient.get('/api/my-tickets?limit=500')).status).toBe(400);
    const bad = await sellerClient.get('/api/my-tickets?cursor=not-a-cursor');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid cursor');
  });
});
