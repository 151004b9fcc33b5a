import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingPriceCents } from '../../common/pricing.js';
import type { Database } from '../db/client.js';
import { storedImages, tickets } from '../db/schema/index.js';
import { openTestDatabase } from '../test/harness.js';
import { seedCatalog } from './catalog.js';
import { seedListings } from './listings.js';
import { type DemoUsers, seedDemoUsers } from './users.js';

describe('seedListings', () => {
  let database: Database;
  let users: DemoUsers;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    users = await seedDemoUsers(database.db);
    await seedCatalog(database.db);
    await seedListings(database.db, users);
  }, 120_000);
  afterAll(async () => {
    await database.close();
  });

  it('lists at least 60 tickets from maya, jordan and the ambassador on upcoming catalog events', async () => {
    const rows = await database.db.select().from(tickets);
    expect(rows.length).toBeGreaterThanOrEqual(60);
    const bySeller = (id: number) => rows.filter((row) => row.sellerId === id).length;
    expect(bySeller(users.maya)).toBeGreaterThan(20);
    expect(bySeller(users.jordan)).toBeGreaterThan(20);
    expect(bySeller(users.ambassador)).toBeGreaterThan(0);
    const today = new Date().toISOString().slice(0, 10);
    expect(rows.every((row) => row.eventId !== null && row.eventDate >= today)).toBe(true);
    expect(new Set(rows.map((row) => row.eventId)).size).toBeGreaterThan(30);
  });

  it('mixes multi-day passes and paper tickets, none sold (sales go through checkout), priced by the fee module', async () => {
    const rows = await database.db.select().from(tickets);
    const multiDay = rows.filter((row) => row.isMultiDay);
    expect(multiDay.length).toBeGreaterThan(0);
    expect(multiDay.every((row) => row.daysCount >= 2)).toBe(true);
    const paper = rows.filter((row) => row.ticketType === 'paper');
    expect(paper.length).toBeGreaterThan(0);
    expect(paper.every((row) => row.platform === null)).toBe(true);
    expect(rows.filter((row) => row.ticketType === 'digital').every((row) => row.platform !== null)).toBe(
      true,
    );
    expect(rows.filter((row) => row.sold || row.buyerId !== null)).toEqual([]);
    for (const row of rows) {
      expect(row.listingPriceCents).toBe(
        listingPriceCents(row.faceValueCents, row.serviceFeeCents, row.markup),
      );
      expect(row.faceValueCents).toBeGreaterThanOrEqual(4_000);
    }
  });

  it("describes each listing as 'event at venue, city', naming the venue once", async () => {
    const rows = await database.db.select().from(tickets);
    const namedAfterVenue = rows.filter((row) => row.eventName.endsWith(` at ${row.venue}`));
    expect(namedAfterVenue.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.description.split(` at ${row.venue}`)).toHaveLength(2);
      expect(row.description.startsWith(row.eventName)).toBe(true);
    }
  });

  it('gives every listing its own stored PNG, owned by the seller', async () => {
    const rows = await database.db.select().from(tickets);
    expect(new Set(rows.map((row) => row.imagePublicId)).size).toBe(rows.length);
    const [first] = rows;
    const [image] = await database.db
      .select()
      .from(storedImages)
      .where(eq(storedImages.publicId, first?.imagePublicId ?? ''));
    expect(image).toMatchObject({
      contentType: 'image/png',
      width: 600,
      height: 300,
      ownerId: first?.sellerId,
    });
    expect(first?.imageUrl).toBe(`/api/images/${first?.imagePublicId}`);
    const metadata = await sharp(image?.bytes).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: 600, height: 300 });
  });

  it('does nothing when run again', async () => {
    const before = await database.db.select({ id: tickets.id }).from(tickets);
    const imagesBefore = await database.db.select({ id: storedImages.publicId }).from(storedImages);
    await seedListings(database.db, users);
    expect(await database.db.select({ id: tickets.id }).from(tickets)).toHaveLength(before.length);
    expect(await database.db.select({ id: storedImages.publicId }).from(storedImages)).toHaveLength(
      imagesBefore.length,
    );
  });
});
