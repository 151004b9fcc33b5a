import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_TEXT } from '../../../common/messages.js';
import { centsToDollars } from '../../../common/money.js';
import { saleBreakdown } from '../../../common/pricing.js';
import { tickets } from '../../db/schema/index.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import { createListing, sendTicketForm } from './testing.js';

/** Issue 21 item 8: a seller cannot change or delete a listing a buyer is holding or paying for. */
describe.each(backends)('listing changes while a buyer is at work on %s', (backend) => {
  let harness: TestApp;
  let seller: TestClient;
  let buyer: TestClient;
  beforeAll(async () => {
    harness = await startTestApp(backend);
    seller = await signedInClient(harness, (await createTestUser(harness.database.db)).id);
    buyer = await signedInClient(harness, (await createTestUser(harness.database.db)).id);
  });
  afterAll(async () => {
    await harness.close();
  });

  const edit = (listing: Awaited<ReturnType<typeof createListing>>, faceValue: string) =>
    sendTicketForm(seller, 'POST', `/api/tickets/${listing.id}`, {
      ...listing.fields,
      id: String(listing.id),
      version: String(listing.version),
      faceValue,
    });

  it('refuses edits and deletion while a buyer holds the ticket, and allows them once released', async () => {
    const listing = await createListing(seller);
    expect((await buyer.post(`/api/tickets/${listing.id}/lock`)).status).toBe(200);
    const edited = await edit(listing, '81.00');
    expect(edited.status).toBe(409);
    expect(edited.body.message).toBe(TICKET_TEXT.buyerAtWork);
    const deleted = await seller.request('DELETE', `/api/tickets/${listing.id}`);
    expect(deleted.status).toBe(409);
    expect(deleted.body.message).toBe(TICKET_TEXT.buyerAtWork);
    expect((await buyer.get(`/api/tickets/${listing.id}`)).body.version).toBe(listing.version);

    await buyer.post(`/api/tickets/${listing.id}/unlock`);
    expect((await edit(listing, '81.00')).status).toBe(200);
  });

  it('refuses them while the buyer’s checkout can still be paid, even once the hold has lapsed', async () => {
    const listing = await createListing(seller);
    const lock = await buyer.post(`/api/tickets/${listing.id}/lock`);
    const [row] = await harness.database.db.select().from(tickets).where(eq(tickets.id, listing.id));
    const price = saleBreakdown({
      perTicketCents: row?.listingPriceCents ?? 0,
      markupPercent: row?.markup ?? 0,
      quantity: row?.quantity ?? 1,
    });
    const payment = await buyer.post(`/api/tickets/${listing.id}/payment`, {
      amount: centsToDollars(price.buyerPaysCents),
      version: lock.body.version,
    });
    expect(payment.status, payment.text).toBe(200);
    await harness.database.db
      .update(tickets)
      .set({ lockExpiresAt: new Date(Date.now() - 1_000) })
      .where(eq(tickets.id, listing.id));
    const deleted = await seller.request('DELETE', `/api/tickets/${listing.id}`);
    expect(deleted.status).toBe(409);
    expect(deleted.body.message).toBe(TICKET_TEXT.buyerAtWork);
    expect((await edit(listing, '81.00')).status).toBe(409);
  });
});
