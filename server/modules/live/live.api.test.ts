import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGE } from '../../../common/messages.js';
import { events, sessions, tickets, venues } from '../../db/schema/index.js';
import { sha256 } from '../../lib/tokens.js';
import { SESSION_COOKIE } from '../../plugins/session.js';
import { backends, type TestApp } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import { insertListing } from '../marketplace/testing.js';
import { buySoldTicket } from '../messages/testing.js';
import { BURST_NOTICES } from './hub.js';
import {
  type LiveListener,
  openLive,
  sameMemberOn,
  startTwoInstances,
  type TwoInstances,
} from './testing.js';

describe.each(backends)('live notices on %s', (backend) => {
  let two: TwoInstances;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    two = await startTwoInstances(backend, {
      liveLimits: { perMember: 2, perInstance: 100, maxBufferedBytes: 65_536 },
      liveHeartbeatMs: 100,
    });
    [a, b] = two.instances;
  });
  afterAll(async () => {
    await two.close();
  });

  /** A sold ticket of a fresh seller and buyer, with each one's client on instance A. */
  async function aSale() {
    const db = a.database.db;
    const seller = await createTestUser(db);
    const buyer = await createTestUser(db);
    const buyerClient = await signedInClient(a, buyer.id);
    const ticketId = await buySoldTicket(a, seller.id, buyerClient);
    return { seller, buyer, buyerClient, sellerClient: await signedInClient(a, seller.id), ticketId };
  }

  /** A new listing of a fresh seller: every stream hears of it. */
  async function newListing(): Promise<number> {
    const seller = await createTestUser(a.database.db);
    return (await insertListing(a.database.db, seller.id)).id;
  }

  /**
   * The outbox is read a few times a second, so notices of what happened before a stream opened may still
   * reach it: a new listing, everybody's news, marks where they end. Returns how many the stream had heard.
   */
  async function earlierNoticesHeard(listener: LiveListener): Promise<number> {
    const markerId = await newListing();
    await listener.next((notice) => notice.kind === 'ticket' && notice.id === markerId);
    return listener.notices.length;
  }

  it('needs a session', async () => {
    const live = await a.client().get('/api/live');
    expect(live.status).toBe(401);
    expect(live.body.message).toBe(SERVER_MESSAGE.notAuthenticated);
  });

  it('tells the other party, on another instance, of a message; a third member hears nothing of it', async () => {
    const { buyerClient, sellerClient, ticketId } = await aSale();
    const stranger = await createTestUser(a.database.db);
    const sellerOnB = await openLive(sameMemberOn(sellerClient, b));
    const strangerOnB = await openLive(sameMemberOn(await signedInClient(a, stranger.id), b));
    expect(sellerOnB.status).toBe(200);
    const heardBefore = await earlierNoticesHeard(strangerOnB);

    const sent = await buyerClient.post(`/api/tickets/${ticketId}/messages`, { content: 'Sent yet?' });
    expect(sent.status).toBe(201);
    await sellerOnB.next((notice) => notice.kind === 'message' && notice.id === ticketId);

    // Once the stranger hears the next listing, the message came and went unheard.
    const listingId = await newListing();
    await strangerOnB.next((notice) => notice.kind === 'ticket' && notice.id === listingId);
    const heard = strangerOnB.notices.slice(heardBefore);
    expect(heard.filter((notice) => notice.kind !== 'ticket')).toEqual([]);
    expect(heard.some((notice) => notice.id === ticketId)).toBe(false);
    sellerOnB.close();
    strangerOnB.close();
  });

  it('tells the buyer, on another instance, that the seller initiated the transfer', async () => {
    const { buyerClient, sellerClient, ticketId } = await aSale();
    const buyerOnB = await openLive(sameMemberOn(buyerClient, b));
    const heardBefore = await earlierNoticesHeard(buyerOnB);
    const initiated = await sellerClient.post(`/api/tickets/${ticketId}/initiate-transfer`);
    expect(initiated.status).toBe(200);
    const notice = await buyerOnB.next(
      (heard) =>
        heard.kind === 'ticket' && heard.id === ticketId && buyerOnB.notices.indexOf(heard) >= heardBefore,
    );
    expect(notice).toMatchObject({ kind: 'ticket', id: ticketId, mine: true });
    buyerOnB.close();
  });

  it('tells the seller, on another instance, that the buyer added the e-mail to transfer to', async () => {
    const { buyerClient, sellerClient, ticketId } = await aSale();
    const sellerOnB = await openLive(sameMemberOn(sellerClient, b));
    // The outbox is read a few times a second, so the sale's own notices may reach the new stream: a
    // message after them marks where they end.
    const heardAfter = async (content: string) => {
      const from = sellerOnB.notices.length;
      const marker = await sellerClient.post(`/api/tickets/${ticketId}/messages`, { content });
      expect(marker.status).toBe(201);
      await sellerOnB.next((heard) => heard.kind === 'message' && sellerOnB.notices.indexOf(heard) >= from);
      return sellerOnB.notices.length;
    };
    const afterSale = await heardAfter('Sold, thanks!');
    const updated = await buyerClient.patch('/api/user', { ticketmasterEmail: 'fan@tm.example' });
    expect(updated.status).toBe(200);
    const notice = await sellerOnB.next(
      (heard) =>
        heard.kind === 'ticket' && heard.id === ticketId && sellerOnB.notices.indexOf(heard) >= afterSale,
    );
    expect(notice).toMatchObject({ kind: 'ticket', id: ticketId, mine: true });
    // A change to something else of the buyer's tells nobody.
    const before = await heardAfter('Got the e-mail.');
    expect((await buyerClient.patch('/api/user', { fullName: 'Rae Fan' })).status).toBe(200);
    const after = await heardAfter('Any news?');
    expect(sellerOnB.notices.slice(before, after).filter((heard) => heard.kind === 'ticket')).toEqual([]);
    sellerOnB.close();
  });

  it('tells the member of a support answer', async () => {
    const db = a.database.db;
    const member = await createTestUser(db);
    const admin = await createTestUser(db, { role: 'admin' });
    const memberClient = await signedInClient(a, member.id);
    const memberOnB = await openLive(sameMemberOn(memberClient, b));
    const created = await memberClient.post('/api/admin-messages', {
      topic: 'payment',
      message: 'Charged twice.',
    });
    expect(created.status).toBe(201);
    const adminClient = await signedInClient(a, admin.id);
    const answer = await adminClient.post(`/api/admin-messages/${created.body.id}/reply`, {
      message: 'Refunded.',
      adminId: admin.id,
    });
    expect(answer.status).toBe(201);
    await memberOnB.next((notice) => notice.kind === 'support' && notice.id === answer.body.id);
    memberOnB.close();
  });

  it('ends the stream on another instance when its session signs out, and keeps the member’s other session’s', async () => {
    const member = await createTestUser(a.database.db);
    const client = await signedInClient(a, member.id);
    const otherSession = await signedInClient(a, member.id);
    const live = await openLive(sameMemberOn(client, b));
    const otherLive = await openLive(sameMemberOn(otherSession, b));
    expect((await client.post('/api/logout')).status).toBe(200);
    expect(await live.ended()).toBe('end');
    // The other session's stream still hears the member's news.
    const mine = await otherSession.post('/api/admin-messages', { topic: 'other', message: 'Still here.' });
    await otherLive.next((notice) => notice.kind === 'support' && notice.id === mine.body.id);
    otherLive.close();
  });

  it('ends the stream when the session expires', async () => {
    const member = await createTestUser(a.database.db);
    const client = await signedInClient(a, member.id);
    const token = client.cookies.get(SESSION_COOKIE) ?? '';
    await a.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 1_000) })
      .where(eq(sessions.tokenHash, sha256(token)));
    const live = await openLive(client);
    expect(live.status).toBe(200);
    expect(await live.ended(5_000)).toBe('end');
  });

  it('refuses a member’s streams beyond the limit, so the tab polls instead', async () => {
    const member = await createTestUser(a.database.db);
    const client = await signedInClient(a, member.id);
    const first = await openLive(client);
    const second = await openLive(client);
    const third = await openLive(client);
    expect([first.status, second.status, third.status]).toEqual([200, 200, 429]);
    // Another instance counts its own.
    const onB = await openLive(sameMemberOn(client, b));
    expect(onB.status).toBe(200);
    // A closed tab's place is free again.
    first.close();
    await expect
      .poll(async () => {
        const again = await openLive(client);
        again.close();
        return again.status;
      })
      .toBe(200);
    second.close();
    onB.close();
  });

  it("sends a change to a show's 1,600 listings as one 'show' notice per stream, on both instances, cutting none", async () => {
    const db = a.database.db;
    const seller = await createTestUser(db);
    const [venue] = await db.insert(venues).values({ name: 'Burst Hall', city: 'Town' }).returning();
    const [event] = await db
      .insert(events)
      .values({ name: 'Burst Show', date: '2030-06-01', venueId: venue?.id ?? 0 })
      .returning();
    const eventId = event?.id ?? 0;
    await db.insert(tickets).values(
      Array.from({ length: 1_600 }, (_, index) => ({
        sellerId: seller.id,
        eventId,
        eventName: 'Burst Show',
        eventDate: '2030-06-01',
        description: 'Burst Show at Burst Hall, Town',
        section: 'A',
        row: String(index),
        seats: '1',
        faceValueCents: 5000,
        serviceFeeCents: 500,
        listingPriceCents: 5500,
      })),
    );
    const fan = await signedInClient(a, (await createTestUser(db)).id);
    const sellerClient = await signedInClient(a, seller.id);
    const listeners = [
      await openLive(fan),
      await openLive(sameMemberOn(fan, b)),
      await openLive(sameMemberOn(sellerClient, b)),
    ];
    // The inserts' own notices may still reach the new streams (the outbox is read a few times a second):
    // a change to one listing after them, heard by every stream, marks where they end.
    const [marker] = await db
      .update(tickets)
      .set({ listingPriceCents: 5600 })
      .where(sql`${tickets.eventId} = ${eventId} and ${tickets.row} = '1'`)
      .returning({ id: tickets.id });
    for (const listener of listeners) await listener.next((notice) => notice.id === marker?.id, 15_000);
    const heardFirst = listeners.map((listener) => listener.notices.length);
    // One statement changes every listing of the show (as withdrawing them does): 1,600 notices.
    await db
      .update(tickets)
      .set({ listingPriceCents: sql`${tickets.listingPriceCents} + 1` })
      .where(eq(tickets.eventId, eventId));
    for (const [index, listener] of listeners.entries()) {
      const mine = index === 2;
      const heard = () => listener.notices.slice(heardFirst[index]);
      await listener.next((notice) => notice.kind === 'show' && heard().includes(notice), 15_000);
      expect(heard().filter((notice) => notice.kind === 'show')).toEqual([
        mine ? { kind: 'show', id: eventId, mine: true } : { kind: 'show', id: eventId },
      ]);
      expect(heard().length).toBeLessThanOrEqual(BURST_NOTICES + 1);
    }
    // Nobody was cut off: each stream still hears the next change.
    const heardBefore = listeners.map((listener) => listener.notices.length);
    const [first] = await db
      .update(tickets)
      .set({ listingPriceCents: 6000 })
      .where(sql`${tickets.eventId} = ${eventId} and ${tickets.row} = '0'`)
      .returning({ id: tickets.id });
    for (const [index, listener] of listeners.entries())
      await expect
        .poll(() => listener.notices.slice(heardBefore[index]).some((notice) => notice.id === first?.id), {
          timeout: 5_000,
        })
        .toBe(true);
    for (const listener of listeners) listener.close();
  });
});
