import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKETPLACE_TEXT } from '../../../common/messages.js';
import { IDENTITY_TEXT } from '../../../common/texts/verified-sellers.js';
import { tickets, users } from '../../db/schema/index.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient, type TestAccount } from '../auth/testing.js';
import { insertListing, insertShowListing } from '../marketplace/testing.js';
import { buyListing } from '../payouts/testing.js';
import {
  createListing,
  daysFromToday,
  sendTicketForm,
  uploadedImage,
  validTicketFields,
} from '../tickets/testing.js';

/**
 * Verified sellers through the sandbox (issue 44 item 4, decision 0086): the threshold, the onboarding page
 * standing in for Stripe's, the badge and completed sales buyers see, the filter, the professional label.
 */

/** Listing form prices: $80 + $12.50 at 10% is $101.75 a ticket (under $500); $600 + $0 at 0% is above. */
const ABOVE_THRESHOLD = { faceValue: '600.00', serviceFee: '0.00', markup: '0', listingPrice: '600.00' };

describe.each(backends)('verified sellers on %s', (backend) => {
  let harness: TestApp;
  let buyer: TestClient;
  beforeAll(async () => {
    harness = await startTestApp(backend);
    buyer = await signedInClient(harness, (await createTestUser(harness.database.db)).id);
  });
  afterAll(async () => {
    await harness.close();
  });

  const db = () => harness.database.db;
  const newSeller = async (): Promise<{ account: TestAccount; client: TestClient }> => {
    const account = await createTestUser(db());
    return { account, client: await signedInClient(harness, account.id) };
  };
  const onMarketplace = async (ticketId: number, query = '') => {
    const page = await buyer.get(`/api/tickets?limit=100&sortBy=date${query}`);
    expect(page.status, page.text).toBe(200);
    return page.body.tickets.find((card: { id: number }) => card.id === ticketId);
  };
  const statusOf = async (ticketId: number) =>
    (await db().select().from(tickets).where(eq(tickets.id, ticketId)))[0];
  const verify = async (client: TestClient) => {
    const link = await client.post('/api/identity/verification');
    expect(link.status, link.text).toBe(200);
    const accountId = decodeURIComponent(new URL(link.body.url).pathname.split('/').at(-1) as string);
    return { url: link.body.url as string, accountId };
  };
  const details = {
    decision: 'verify',
    legalName: 'Maya Lopez',
    dateOfBirth: '1990-04-12',
    addressLine: '12 Harbor Street',
    city: 'Portland',
    postalCode: '97201',
    country: 'United States',
  };

  it('lists at or below the threshold at once; only an unverified seller’s first listing suggests verifying', async () => {
    const { client } = await newSeller();
    const fields = validTicketFields(await uploadedImage(client));
    const first = await sendTicketForm(client, 'POST', '/api/tickets', fields);
    expect(first.status, first.text).toBe(201);
    expect(first.body.verificationPrompt).toBe('suggested');
    expect((await statusOf(first.body.id))?.status).toBe('available');
    expect(await onMarketplace(first.body.id)).toBeDefined();
    const second = await sendTicketForm(client, 'POST', '/api/tickets', fields);
    expect(second.body.verificationPrompt).toBe('none');
    expect((await client.get('/api/identity')).body).toEqual({
      status: 'unverified',
      verifiedAt: null,
      awaitingListings: 0,
    });
    expect((await harness.client().get('/api/identity')).status).toBe(401);
  });

  it('keeps a listing above the threshold waiting until the sandbox verifies its seller, then puts it on sale', async () => {
    const { account, client } = await newSeller();
    const fields = { ...validTicketFields(await uploadedImage(client)), ...ABOVE_THRESHOLD };
    const created = await sendTicketForm(client, 'POST', '/api/tickets', fields);
    expect(created.status, created.text).toBe(201);
    expect(created.body.verificationPrompt).toBe('required');
    const id = created.body.id as number;
    expect(await statusOf(id)).toMatchObject({ status: 'pending', awaitingVerification: true });
    expect(await onMarketplace(id)).toBeUndefined();
    // Nobody can hold a waiting listing.
    expect((await buyer.post(`/api/tickets/${id}/lock`)).status).toBeGreaterThanOrEqual(400);
    expect((await client.get('/api/identity')).body).toMatchObject({
      status: 'unverified',
      awaitingListings: 1,
    });

    const { url, accountId } = await verify(client);
    expect(url).toBe(`${harness.config.appUrl}/sandbox/onboarding/sbx_acct_${account.id}`);
    expect((await client.get(`/api/sandbox/onboarding/${accountId}`)).body).toEqual({
      firstName: 'Test',
      lastName: 'User',
    });
    // Only the account's own seller may use its page; a visitor is asked to sign in.
    expect((await buyer.get(`/api/sandbox/onboarding/${accountId}`)).status).toBe(403);
    expect((await buyer.post(`/api/sandbox/onboarding/${accountId}`, details)).status).toBe(403);
    expect((await harness.client().post(`/api/sandbox/onboarding/${accountId}`, details)).status).toBe(401);

    // Bad details change nothing.
    const minor = await client.post(`/api/sandbox/onboarding/${accountId}`, {
      ...details,
      dateOfBirth: daysFromToday(-365 * 10),
    });
    expect(minor.status).toBe(400);
    expect(minor.body.message).toBe(IDENTITY_TEXT.dateOfBirthInvalid);
    const noAddress = await client.post(`/api/sandbox/onboarding/${accountId}`, { ...details, city: ' ' });
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.message).toBe(IDENTITY_TEXT.addressMissing);
    const tooLong = await client.post(`/api/sandbox/onboarding/${accountId}`, {
      ...details,
      legalName: 'x'.repeat(201),
    });
    expect(tooLong.status).toBe(400);
    expect((await client.get('/api/identity')).body.status).toBe('unverified');

    // Declining leaves the listing waiting.
    const declined = await client.post(`/api/sandbox/onboarding/${accountId}`, { decision: 'decline' });
    expect(declined.status, declined.text).toBe(200);
    expect(declined.body).toEqual({
      redirectUrl: `${harness.config.appUrl}/verify-identity?from=provider`,
      message: IDENTITY_TEXT.declined,
    });
    expect((await client.get('/api/identity')).body.status).toBe('declined');
    expect(await statusOf(id)).toMatchObject({ status: 'pending', awaitingVerification: true });

    // Trying again and confirming verifies the seller: the listing goes on sale with the badge.
    const retried = await verify(client);
    const verified = await client.post(`/api/sandbox/onboarding/${retried.accountId}`, details);
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body.message).toBe(IDENTITY_TEXT.verified);
    const identity = (await client.get('/api/identity')).body;
    expect(identity).toMatchObject({ status: 'verified', awaitingListings: 0 });
    expect(identity.verifiedAt).not.toBeNull();
    expect(await statusOf(id)).toMatchObject({
      status: 'available',
      awaitingVerification: false,
      sellerVerified: true,
    });
    const card = await onMarketplace(id);
    expect(card.seller.trust).toEqual({ verified: true, completedSales: 0, professional: false });
    expect((await buyer.get(`/api/tickets/${id}`)).body.seller.trust).toEqual(card.seller.trust);
    // Verified once is verified: there is nothing more to start.
    const again = await client.post('/api/identity/verification');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(IDENTITY_TEXT.statusVerified);
    // A verified seller's listings above the threshold go live at once.
    const later = await sendTicketForm(client, 'POST', '/api/tickets', fields);
    expect(later.body.verificationPrompt).toBe('none');
    expect((await statusOf(later.body.id))?.status).toBe('available');
  });

  it('puts an edited listing above the threshold back to waiting, and on sale again when lowered', async () => {
    const { client } = await newSeller();
    const listed = await createListing(client);
    const raised = await sendTicketForm(client, 'PATCH', `/api/tickets/${listed.id}`, {
      ...listed.fields,
      ...ABOVE_THRESHOLD,
      id: String(listed.id),
      version: String(listed.version),
    });
    expect(raised.status, raised.text).toBe(200);
    expect(raised.body.verificationPrompt).toBe('required');
    expect(await statusOf(listed.id)).toMatchObject({ status: 'pending', awaitingVerification: true });
    const lowered = await sendTicketForm(client, 'PATCH', `/api/tickets/${listed.id}`, {
      ...listed.fields,
      id: String(listed.id),
      version: String(raised.body.version),
    });
    expect(lowered.body.verificationPrompt).toBe('none');
    expect(await statusOf(listed.id)).toMatchObject({ status: 'available', awaitingVerification: false });
  });

  it('filters the marketplace and the event page to verified sellers, in SQL and through the search index', async () => {
    const verifiedSeller = await newSeller();
    await db()
      .update(users)
      .set({ identityStatus: 'verified' })
      .where(eq(users.id, verifiedSeller.account.id));
    const otherSeller = await newSeller();
    const eventName = `Verified Filter ${backend}`;
    const { event, ticket: trusted } = await insertShowListing(
      db(),
      verifiedSeller.account.id,
      eventName,
      daysFromToday(20),
    );
    const unknown = await insertListing(db(), otherSeller.account.id, {
      eventName,
      eventId: event.id,
      eventDate: event.date,
    });
    // The trigger of migration 0044 copied each seller's verification onto their listing.
    expect((await statusOf(trusted.id))?.sellerVerified).toBe(true);
    expect((await statusOf(unknown.id))?.sellerVerified).toBe(false);
    await harness.app.listingSearch.ready();
    const search = `&search=${encodeURIComponent(eventName)}`;
    const ids = async (query: string) =>
      (await buyer.get(`/api/tickets?limit=100${query}`)).body.tickets.map((card: { id: number }) => card.id);
    for (const sort of ['&sortBy=date', '&sortBy=price_asc', '&sortBy=section'])
      expect(await ids(`${search}${sort}&verifiedOnly=true`)).toEqual([trusted.id]);
    expect((await ids(`${search}&sortBy=price_asc`)).sort()).toEqual([trusted.id, unknown.id].sort());
    expect(await ids('&verifiedOnly=true&sortBy=date')).toContain(trusted.id);
    expect(await ids('&verifiedOnly=true&sortBy=date')).not.toContain(unknown.id);
    // Visitors filter too.
    const visitor = await harness.client().get(`/api/tickets?limit=100${search}&verifiedOnly=true`);
    expect(visitor.body.tickets.map((card: { id: number }) => card.id)).toEqual([trusted.id]);
    // The event page: its rows carry the badge, and its filter keeps the verified sellers' only.
    const page = await buyer.get(`/api/events/${event.id}`);
    expect(page.status, page.text).toBe(200);
    expect(
      page.body.listings.map((row: { id: number; seller: { trust: object } }) => [row.id, row.seller.trust]),
    ).toEqual([
      [trusted.id, { verified: true, completedSales: 0, professional: false }],
      [unknown.id, { verified: false, completedSales: 0, professional: false }],
    ]);
    const filtered = await buyer.get(`/api/events/${event.id}?verified=true`);
    expect(filtered.body.listings.map((row: { id: number }) => row.id)).toEqual([trusted.id]);
    expect(filtered.body.matching).toBe(1);
    expect((await buyer.get(`/api/events/${event.id}?verified=false`)).status).toBe(400);
    const bad = await buyer.get('/api/tickets?verifiedOnly=yes');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MARKETPLACE_TEXT.verifiedOnlyInvalid);

    // A seller verified later: their listing joins the filtered list, through SQL and the index alike.
    await db().update(users).set({ identityStatus: 'verified' }).where(eq(users.id, otherSeller.account.id));
    expect((await ids(`${search}&sortBy=price_asc&verifiedOnly=true`)).sort()).toEqual(
      [trusted.id, unknown.id].sort(),
    );
  });

  it('counts completed sales and labels a seller who sold $2,000 this year a professional seller', async () => {
    const { account } = await newSeller();
    const sale = await buyListing(harness, buyer, account.id, {
      eventDate: daysFromToday(30),
      faceValueCents: 250_000,
      serviceFeeCents: 0,
    });
    const trustOfSeller = async () => {
      const other = await insertListing(db(), account.id, { eventDate: daysFromToday(31) });
      const details = await buyer.get(`/api/tickets/${other.id}`);
      return details.body.seller.trust;
    };
    // Paid but not transferred: not a completed sale yet.
    expect(await trustOfSeller()).toEqual({ verified: false, completedSales: 0, professional: false });
    await db()
      .update(tickets)
      .set({ transferComplete: true, transferStatus: 'completed', transferCompletedAt: new Date() })
      .where(eq(tickets.id, sale.ticket.id));
    expect(await trustOfSeller()).toEqual({ verified: false, completedSales: 1, professional: true });
  });
});
