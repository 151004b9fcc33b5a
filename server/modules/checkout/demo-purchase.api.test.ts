import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { seedDemoData } from '../../seed/demo.js';
import { backends, startTestApp, type TestApp } from '../../test/harness.js';
import { signedInClient } from '../auth/testing.js';

describe.each(backends)('the demo purchase on %s', (backend) => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await startTestApp(backend);
    await seedDemoData(harness.database.db);
  });
  afterAll(async () => {
    await harness.close();
  });

  it("lets jordan buy one of maya's listings with the sandbox card 4242", async () => {
    const db = harness.database.db;
    const [maya] = await db.select().from(users).where(eq(users.username, 'maya'));
    const [jordan] = await db
      .select()
      .from(users)
      .where(and(eq(users.username, 'jordan')));
    if (!maya || !jordan) throw new Error('the demo seed has no maya or jordan');
    const client = await signedInClient(harness, jordan.id);
    const page = await client.get('/api/tickets?limit=100');
    const listing = page.body.tickets.find((ticket: { sellerId: number }) => ticket.sellerId === maya.id);
    expect(listing, "the demo marketplace shows a listing of maya's").toBeDefined();
    const lock = await client.post(`/api/tickets/${listing.id}/lock`);
    expect(lock.status, lock.text).toBe(200);
    const payment = await client.post(`/api/tickets/${listing.id}/payment`, {
      amount: listing.buyerPays,
      version: lock.body.version,
    });
    expect(payment.status, payment.text).toBe(200);
    const sessionId = new URL(payment.body.url).pathname.split('/').at(-1);
    const paid = await client.post(`/api/sandbox/checkout/${sessionId}/pay`, {
      cardNumber: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 3,
      cvc: '123',
    });
    expect(paid.status, paid.text).toBe(200);
    const verify = await client.post(`/api/purchase/verify/${sessionId}`);
    expect(verify.body.success).toBe(true);
    const after = await client.get(`/api/tickets/${listing.id}`);
    expect(after.body).toMatchObject({ sold: true, transferStatus: 'not_started' });
  });
});
