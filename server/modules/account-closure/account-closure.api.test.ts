import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILURE_LIMIT } from '../../../common/constants.js';
import { SERVER_MESSAGE } from '../../../common/messages.js';
import { ACCOUNT_CLOSURE_TEXT as TEXT } from '../../../common/texts/account-closure.js';
import {
  adminAuditLog,
  ambassadorChatMessages,
  ambassadorChatTopics,
  bids,
  checkoutSessions,
  dataExports,
  emailTokens,
  ledgerEntries,
  loginCodes,
  newsletterSubscribers,
  orders,
  paymentCustomers,
  priceAlerts,
  reviews,
  savedCards,
  sessions,
  supportMessages,
  ticketMessages,
  tickets,
  trustedDevices,
  users,
} from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { sha256 } from '../../lib/tokens.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, latestMail, signedInClient, type TestAccount } from '../auth/testing.js';
import { fulfilCheckout } from '../checkout/service.js';
import { insertListing, insertShowListing } from '../marketplace/testing.js';
import { buyListing, startCheckoutOf, testJobRunner, testMoneyDeps } from '../payouts/testing.js';
import { completedSale } from '../reviews/testing.js';
import { completeTransfer, initiateTransfer } from '../transfers/service.js';

type Party = TestAccount & { client: TestClient };

/** Every value of the closing member's own that must be gone from every table once they close. */
const PERSONAL = {
  firstName: 'Zephyrina',
  lastName: 'Quillfeatherton',
  fullName: 'Zephyrina Q. Quillfeatherton',
  phoneNumber: '+1 555 0199 4321',
  ticketmasterEmail: 'zephyrina-tm@example.net',
  message: 'ZEPHYRINA-PRIVATE-MESSAGE',
  support: 'ZEPHYRINA-SUPPORT-QUESTION',
  chat: 'ZEPHYRINA-CHAT-MESSAGE',
  userAgent: 'ZephyrinaBrowser/1.0',
  ip: '192.0.2.77',
};

/**
 * The tables' text columns (and JSON ones, read as text), from the catalog: a table added later is checked
 * without this test knowing it. The local mail outbox stands for members' mailboxes, not Encore's records.
 */
async function textColumns(harness: TestApp) {
  const result = (await harness.database.db.execute(sql`
    select table_name as "table", array_agg(column_name::text order by ordinal_position) as "columns"
    from information_schema.columns
    where table_schema = current_schema()
      and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')
      and table_name not in ('outbox_emails', '__drizzle_migrations')
    group by table_name
    order by table_name`)) as unknown as { rows: { table: string; columns: string[] }[] };
  return result.rows;
}

/** Each table and column where any of `values` appears, case-insensitively. */
async function whereFound(harness: TestApp, values: string[]) {
  const patterns = sql`array[${sql.join(
    values.map((value) => sql`${`%${value.toLowerCase()}%`}`),
    sql`, `,
  )}]::text[]`;
  const found: string[] = [];
  for (const { table, columns } of await textColumns(harness))
    for (const column of columns) {
      const result = (await harness.database.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table)} where lower(${sql.identifier(column)}::text) like any(${patterns})`,
      )) as unknown as { rows: { n: number }[] };
      if ((result.rows[0]?.n ?? 0) > 0) found.push(`${table}.${column}`);
    }
  return found;
}

describe.each(backends)('closing my account on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  let adminClient: TestClient;
  let ambassadorTopicId: number;

  const party = async (): Promise<Party> => {
    const account = await createTestUser(harness.database.db);
    return { ...account, client: await signedInClient(harness, account.id) };
  };

  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
    const admin = await createTestUser(harness.database.db, { role: 'admin' });
    adminClient = await signedInClient(harness, admin.id);
    const [topic] = await harness.database.db
      .insert(ambassadorChatTopics)
      .values({ name: 'Closing tests', createdBy: admin.id })
      .returning();
    ambassadorTopicId = topic?.id ?? 0;
  }, 60_000);
  afterAll(async () => {
    await harness?.close();
  });

  it('answers 401 to a visitor, and asks for the password before anything else', async () => {
    const visitor = harness.client();
    expect((await visitor.get('/api/user/closure')).status).toBe(401);
    expect((await visitor.post('/api/user/closure', { password: 'x' })).status).toBe(401);
    const member = await party();
    const empty = await member.client.post('/api/user/closure', {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(TEXT.passwordRequired);
    const wrong = await member.client.post('/api/user/closure', { password: 'Not#MyPassword1' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(TEXT.wrongPassword);
    const [row] = await harness.database.db.select().from(users).where(eq(users.id, member.id));
    expect(row?.closedAt).toBeNull();
    expect(row?.username).toBe(member.username);
  });

  it('counts wrong passwords with sign-in’s, and locks the account as sign-in does', async () => {
    const member = await party();
    for (let attempt = 1; attempt < LOGIN_FAILURE_LIMIT; attempt += 1)
      expect((await member.client.post('/api/user/closure', { password: `Wrong#${attempt}xx` })).status).toBe(
        401,
      );
    const locked = await member.client.post('/api/user/closure', { password: 'Wrong#lastxx' });
    expect(locked.status).toBe(423);
    expect(locked.body.message).toBe(SERVER_MESSAGE.accountLocked);
    // Even the right password waits out the lock.
    expect((await member.client.post('/api/user/closure', { password: member.password })).status).toBe(423);
    const signIn = await harness
      .client()
      .post('/api/login', { username: member.username, password: member.password });
    expect(signIn.status).toBe(423);
  });

  it('lists every sale, purchase, payout, hold and dispute in flight, and refuses to close until they finish', async () => {
    const db = harness.database.db;
    const member = await party();
    const buyer = await party();
    const seller = await party();
    const awaitingTransfer = await buyListing(harness, buyer.client, member.id, {
      eventName: 'Transfer Show',
    });
    const awaitingConfirmation = await buyListing(harness, buyer.client, member.id, {
      eventName: 'Confirm Show',
    });
    await initiateTransfer(db, awaitingConfirmation.ticket.id, member.id, clock.now());
    const payoutPending = await buyListing(harness, buyer.client, member.id, { eventName: 'Payout Show' });
    await initiateTransfer(db, payoutPending.ticket.id, member.id, clock.now());
    await completeTransfer(db, payoutPending.ticket.id, { kind: 'buyer', userId: buyer.id }, clock.now());
    const purchase = await buyListing(harness, member.client, seller.id, { eventName: 'Purchase Show' });
    const disputed = await buyListing(harness, member.client, seller.id, { eventName: 'Dispute Show' });
    const report = await member.client.post(`/api/tickets/${disputed.ticket.id}/report-problem`, {
      reason: 'The ticket never arrived.',
    });
    expect(report.status, report.text).toBe(200);
    const beingBought = await startCheckoutOf(harness, buyer.client, member.id, {
      eventName: 'Checkout Show',
    });
    const held = await insertListing(db, seller.id, { eventName: 'Hold Show', eventDate: '2030-05-01' });
    expect((await member.client.post(`/api/tickets/${held.id}/lock`)).status).toBe(200);

    const expected = [
      {
        kind: 'sale_awaiting_transfer',
        ticketId: awaitingTransfer.ticket.id,
        message: TEXT.saleAwaitingTransfer('Transfer Show'),
      },
      {
        kind: 'sale_awaiting_confirmation',
        ticketId: awaitingConfirmation.ticket.id,
        message: TEXT.saleAwaitingConfirmation('Confirm Show'),
      },
      {
        kind: 'payout_pending',
        ticketId: payoutPending.ticket.id,
        message: TEXT.payoutPending('Payout Show'),
      },
      {
        kind: 'purchase_in_escrow',
        ticketId: purchase.ticket.id,
        message: TEXT.purchaseInEscrow('Purchase Show'),
      },
      { kind: 'dispute_open', ticketId: disputed.ticket.id, message: TEXT.disputeOpen('Dispute Show') },
      {
        kind: 'listing_being_bought',
        ticketId: beingBought.ticket.id,
        message: TEXT.listingBeingBought('Checkout Show'),
      },
      { kind: 'hold', ticketId: held.id, message: TEXT.hold('Hold Show') },
    ];
    const state = await member.client.get('/api/user/closure');
    expect(state.status).toBe(200);
    expect(state.body).toEqual({ canClose: false, blockers: expected, moreBlockers: 0 });

    const refused = await member.client.post('/api/user/closure', { password: member.password });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: TEXT.inFlight, blockers: expected, moreBlockers: 0 });
    const [row] = await db.select().from(users).where(eq(users.id, member.id));
    expect(row).toMatchObject({ closedAt: null, username: member.username, email: member.email });
    expect((await member.client.get('/api/session')).body.user?.id).toBe(member.id);
    const [listing] = await db.select().from(tickets).where(eq(tickets.id, beingBought.ticket.id));
    expect(listing?.status).toBe('available');
  });

  it('refuses an admin until another admin takes the role away', async () => {
    const admin = await createTestUser(harness.database.db, { role: 'admin' });
    const client = await signedInClient(harness, admin.id);
    expect((await client.get('/api/user/closure')).body).toEqual({
      canClose: false,
      blockers: [{ kind: 'admin_role', ticketId: null, message: TEXT.adminRole }],
      moreBlockers: 0,
    });
    expect((await client.post('/api/user/closure', { password: admin.password })).status).toBe(409);
  });

  it('ends everything, erases every personal value from every table, keeps the money records and retires the name', async () => {
    const db = harness.database.db;
    const member = await party();
    const counterparty = await party();
    await db
      .update(users)
      .set({
        firstName: PERSONAL.firstName,
        lastName: PERSONAL.lastName,
        fullName: PERSONAL.fullName,
        phoneNumber: PERSONAL.phoneNumber,
        ticketmasterEmail: PERSONAL.ticketmasterEmail,
        role: 'AMBSD',
      })
      .where(eq(users.id, member.id));
    // A sale and a purchase that went all the way, paid out.
    const sale = await completedSale(harness, clock, member.id, counterparty, { eventDate: '2030-05-01' });
    const purchase = await completedSale(harness, clock, counterparty.id, member, {
      eventDate: '2030-05-02',
    });
    await db
      .update(reviews)
      .set({ status: 'submitted', rating: 5, comment: 'Smooth transfer, thanks!', submittedAt: clock.now() })
      .where(and(eq(reviews.orderId, purchase.orderId), eq(reviews.reviewerId, member.id)));
    await db.insert(ticketMessages).values([
      { ticketId: sale.ticket.id, senderId: member.id, content: PERSONAL.message },
      { ticketId: sale.ticket.id, senderId: counterparty.id, content: 'Got it, thank you' },
    ]);
    // What is running: a listing on sale, a bid with a saved card, a price alert.
    const listing = await insertListing(db, member.id, {
      eventName: 'Still Listed',
      eventDate: '2030-08-01',
    });
    const customerId = `sbx_cus_${member.id}`;
    await db.insert(paymentCustomers).values({ userId: member.id, provider: 'sandbox', customerId });
    const cardId = `sbx_pm_closing_${member.id}`;
    await db.insert(savedCards).values({
      id: cardId,
      userId: member.id,
      provider: 'sandbox',
      customerId,
      brand: 'visa',
      last4: '4242',
      expMonth: 11,
      expYear: 2033,
      fingerprint: 'closing-card-fingerprint',
    });
    const [bid] = await db
      .insert(bids)
      .values({
        userId: member.id,
        eventName: 'Bid Show',
        eventDate: '2030-06-01',
        maxPriceCents: 25_050,
        quantity: 2,
        stripePaymentMethodId: cardId,
        expiresAt: new Date('2030-06-02T00:00:00Z'),
      })
      .returning();
    const show = await insertShowListing(db, counterparty.id, 'Alert Show', '2030-07-01');
    const [alert] = await db
      .insert(priceAlerts)
      .values({ userId: member.id, eventId: show.event.id, quantity: 2, maxPriceCents: 15_075 })
      .returning();
    // What is theirs alone: support, the ambassadors' chat, sign-in records, a copy of their data, mail.
    await db.insert(supportMessages).values({
      userId: member.id,
      senderId: member.id,
      topic: 'payment',
      message: PERSONAL.support,
    });
    await db
      .insert(ambassadorChatMessages)
      .values({ topicId: ambassadorTopicId, userId: member.id, content: PERSONAL.chat });
    await db.insert(sessions).values({
      tokenHash: sha256(`closing-${member.id}`),
      userId: member.id,
      expiresAt: new Date('2031-01-01T00:00:00Z'),
      userAgent: PERSONAL.userAgent,
      ip: PERSONAL.ip,
    });
    await db.insert(trustedDevices).values({
      userId: member.id,
      tokenHash: sha256(`device-${member.id}`),
      expiresAt: new Date('2031-01-01'),
    });
    await db.insert(loginCodes).values({
      userId: member.id,
      codeHash: sha256(`code-${member.id}`),
      expiresAt: new Date('2030-03-01T12:10:00Z'),
    });
    await db.insert(emailTokens).values({
      userId: member.id,
      purpose: 'email_change',
      tokenHash: sha256(`token-${member.id}`),
      newEmail: `new-${member.email}`,
      expiresAt: new Date('2031-01-01'),
    });
    await db.insert(dataExports).values({ userId: member.id, requestedAt: clock.now() });
    await db
      .insert(newsletterSubscribers)
      .values({ name: PERSONAL.fullName, email: member.email, confirmedAt: clock.now() });
    // An admin looked at them: the audit log recorded the username it showed.
    expect((await adminClient.get(`/api/admin/users/${member.id}`)).status).toBe(200);
    // Both sales paid out, so nothing is in flight.
    clock.set(new Date('2030-05-10T12:00:00Z'));
    await testJobRunner(harness, clock).runOnce();
    expect((await member.client.get('/api/user/closure')).body).toEqual({
      canClose: true,
      blockers: [],
      moreBlockers: 0,
    });
    const personalValues = [member.username, member.email, ...Object.values(PERSONAL)];
    expect(await whereFound(harness, personalValues)).not.toEqual([]);

    const closed = await member.client.post('/api/user/closure', { password: member.password });
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body).toEqual({ message: TEXT.closed });
    expect(closed.headers.getSetCookie().join('\n')).toMatch(/encore_session=;/);
    expect((await member.client.get('/api/session')).body.user).toBeNull();
    const mail = await latestMail(harness, member.email);
    expect(mail.subject).toBe(TEXT.mailSubject);
    expect(mail.text).toContain(`Hi ${PERSONAL.firstName},`);

    // Nothing of theirs is left in any table.
    expect(await whereFound(harness, personalValues)).toEqual([]);
    const [row] = await db.select().from(users).where(eq(users.id, member.id));
    expect(row?.closedAt?.toISOString()).toBe(clock.now().toISOString());
    expect(row?.username).toMatch(/^Former member [0-9A-F]{10}$/);
    expect(row).toMatchObject({
      firstName: '',
      lastName: '',
      phoneNumber: null,
      passwordHash: '',
      role: 'user',
    });

    // What was running has ended.
    const [ended] = await db.select().from(tickets).where(eq(tickets.id, listing.id));
    expect(ended?.status).toBe('cancelled');
    const [endedBid] = await db
      .select()
      .from(bids)
      .where(eq(bids.id, bid?.id ?? 0));
    expect(endedBid).toMatchObject({ isActive: false, endedReason: TEXT.bidEnded });
    const [endedAlert] = await db
      .select()
      .from(priceAlerts)
      .where(eq(priceAlerts.id, alert?.id ?? 0));
    expect(endedAlert).toMatchObject({ status: 'ended', endedReason: 'account_closed' });
    const [card] = await db.select().from(savedCards).where(eq(savedCards.id, cardId));
    expect(card?.removedAt).not.toBeNull();
    expect(card?.fingerprint).toBeNull();
    for (const table of [sessions, trustedDevices, loginCodes, emailTokens, dataExports, supportMessages])
      expect(await db.select().from(table).where(eq(table.userId, member.id))).toEqual([]);
    // The customer at the provider is deleted by a job, then Encore's record of it.
    expect(await harness.app.accountClosures.runOnce()).toBe(1);
    expect(await db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, member.id))).toEqual(
      [],
    );

    // The money records stay, keyed to the same row, and the ledger still balances.
    const kept = await db.select({ id: orders.id }).from(orders).where(eq(orders.sellerId, member.id));
    expect(kept.map((order) => order.id)).toEqual([sale.orderId]);
    const unbalanced = await db
      .select({ journal: ledgerEntries.journal })
      .from(ledgerEntries)
      .groupBy(ledgerEntries.checkoutSessionId, ledgerEntries.journal)
      .having(sql`sum(${ledgerEntries.amountCents}) <> 0`);
    expect(unbalanced).toEqual([]);

    // Others see "Former member": their review and their removed message.
    const reviewsOfSeller = await counterparty.client.get(`/api/users/${counterparty.id}/reviews`);
    expect(reviewsOfSeller.body.reviews ?? reviewsOfSeller.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ reviewerName: TEXT.formerMember, comment: 'Smooth transfer, thanks!' }),
      ]),
    );
    const thread = await counterparty.client.get(`/api/tickets/${sale.ticket.id}/messages`);
    expect(thread.status, thread.text).toBe(200);
    const removed = thread.body.find((message: { senderId: number }) => message.senderId === member.id);
    expect(removed).toMatchObject({ content: TEXT.messageRemoved, sender: { username: TEXT.formerMember } });

    // Admins see the account as closed, cannot act on it, and the audit log keeps the event.
    const seen = await adminClient.get(`/api/admin/users/${member.id}`);
    expect(seen.body).toMatchObject({
      closedAt: clock.now().toISOString(),
      email: null,
      username: row?.username,
    });
    const suspend = await adminClient.put(`/api/admin/users/${member.id}/suspension`, {
      suspended: true,
      reason: 'Testing a closed account',
    });
    expect(suspend.status).toBe(409);
    expect(suspend.body.message).toBe(TEXT.closedForAdmins);
    const [event] = await db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'user.close'), eq(adminAuditLog.targetId, String(member.id))));
    expect(event).toMatchObject({
      adminId: member.id,
      targetType: 'user',
      after: { listingsEnded: 1, bidsEnded: 1, alertsEnded: 1, cardsRemoved: 1, sessionsEnded: 2 },
    });

    // The old name and password sign in to nothing; the name is held back, lookalikes too, for a year.
    const signIn = await harness
      .client()
      .post('/api/login', { username: member.username, password: member.password });
    expect(signIn.status).toBe(401);
    expect(signIn.body.message).toBe(SERVER_MESSAGE.badCredentials);
    const register = (username: string, email: string) =>
      harness.client().post('/api/register', {
        username,
        email,
        password: 'Fresh#Start2030',
        firstName: 'New',
        lastName: 'Member',
      });
    const again = await register(member.username, member.email);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(SERVER_MESSAGE.usernameTaken);
    expect((await register(member.username.toUpperCase(), 'lookalike@example.com')).status).toBe(409);
    clock.set(new Date('2031-05-11T12:00:00Z'));
    const later = await register(member.username, member.email);
    expect(later.status, later.text).toBe(201);
  });

  it('holds "Former member" back from registration', async () => {
    const taken = await harness.client().post('/api/register', {
      username: 'Former Member',
      email: 'impostor@example.com',
      password: 'Fresh#Start2030',
      firstName: 'Im',
      lastName: 'Postor',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(SERVER_MESSAGE.usernameTaken);
  });

  it('refunds, not sells, a payment for a lapsed hold of theirs that arrives after the closure', async () => {
    const db = harness.database.db;
    clock.set(new Date('2030-03-01T12:00:00Z'));
    const member = await party();
    const seller = await party();
    const { ticket, sessionId } = await startCheckoutOf(harness, member.client, seller.id, {
      eventName: 'Raced Hold',
    });
    // The hold lapses; the closure or the hold-ends poller, whichever comes first, ends it.
    await db
      .update(tickets)
      .set({ lockExpiresAt: new Date(clock.now().getTime() - 1_000) })
      .where(eq(tickets.id, ticket.id));
    const closed = await member.client.post('/api/user/closure', { password: member.password });
    expect(closed.status, closed.text).toBe(200);
    const [after] = await db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(after).toMatchObject({ currentViewerId: null, status: 'available' });
    // The provider took the payment all the same (its page was open): the closed buyer is refunded.
    await db
      .update(checkoutSessions)
      .set({ status: 'paid', paymentReference: `sbx_pi_${sessionId}`, paidAt: clock.now() })
      .where(eq(checkoutSessions.id, sessionId));
    const settled = await fulfilCheckout(testMoneyDeps(harness, clock), sessionId);
    expect(settled?.outcome).toBe('refunded');
    const [unsold] = await db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(unsold).toMatchObject({ sold: false, buyerId: null, status: 'available' });
  });
});
