import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMAGE_UNATTACHED_MAX, IMAGE_UPLOADS_PER_HOUR } from '../../../common/constants.js';
import { UPLOAD_QUOTA_TEXT } from '../../../common/messages.js';
import { rateLimitCounters, storedImages } from '../../db/schema/index.js';
import { backends, startTestApp, type TestApp } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import { makePng, sendTicketForm, uploadImage, validTicketFields } from '../tickets/testing.js';

/** Issue 6 §1: one account can no longer store images without end. */
describe.each(backends)('upload quotas on %s', (backend) => {
  let harness: TestApp;
  let png: Buffer;
  beforeAll(async () => {
    harness = await startTestApp(backend);
    png = await makePng(40, 20);
  });
  afterAll(async () => {
    await harness.close();
  });
  beforeEach(async () => {
    await harness.database.db.delete(rateLimitCounters);
  });

  const imagesOf = async (ownerId: number) =>
    harness.database.db.select().from(storedImages).where(eq(storedImages.ownerId, ownerId));

  it(`refuses the upload after ${IMAGE_UPLOADS_PER_HOUR} in an hour with 429 and Retry-After`, async () => {
    const user = await createTestUser(harness.database.db);
    const client = await signedInClient(harness, user.id);
    // The hour's uploads so far, as the shared counter holds them (any instance may have counted them).
    await harness.database.db.insert(rateLimitCounters).values({
      key: `upload:user:${user.id}`,
      count: IMAGE_UPLOADS_PER_HOUR - 1,
      resetAt: new Date(Date.now() + 3_600_000),
    });
    expect((await uploadImage(client, png)).status).toBe(200);
    const refused = await uploadImage(client, png);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ success: false, message: UPLOAD_QUOTA_TEXT.tooManyUploads });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await imagesOf(user.id)).toHaveLength(1);
    // Another user has a quota of their own.
    const other = await createTestUser(harness.database.db);
    expect((await uploadImage(await signedInClient(harness, other.id), png)).status).toBe(200);
  });

  it(`holds at most ${IMAGE_UNATTACHED_MAX} images no listing shows, even under concurrent uploads`, async () => {
    const user = await createTestUser(harness.database.db);
    const client = await signedInClient(harness, user.id);
    for (let index = 0; index < IMAGE_UNATTACHED_MAX - 2; index++)
      expect((await uploadImage(client, png)).status).toBe(200);
    const burst = await Promise.all(Array.from({ length: 6 }, () => uploadImage(client, png)));
    expect(burst.filter((response) => response.status === 200)).toHaveLength(2);
    const refused = burst.filter((response) => response.status === 429);
    expect(refused).toHaveLength(4);
    for (const response of refused)
      expect(response.body).toEqual({ success: false, message: UPLOAD_QUOTA_TEXT.tooManyUnattached });
    expect(await imagesOf(user.id)).toHaveLength(IMAGE_UNATTACHED_MAX);

    // An image on a listing no longer counts: one more upload fits.
    await harness.database.db.delete(rateLimitCounters);
    const [uploaded] = burst.filter((response) => response.status === 200);
    const listed = await sendTicketForm(client, 'POST', '/api/tickets', validTicketFields(uploaded?.body));
    expect(listed.status, listed.text).toBe(201);
    const after = await uploadImage(client, png);
    expect(after.status, after.text).toBe(200);
    expect((await uploadImage(client, png)).status).toBe(429);
  });
});
