import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGE, SIGN_IN_TEXT } from '../../../common/messages.js';
import { users } from '../../db/schema/index.js';
import { backends, startTestApp, type TestApp } from '../../test/harness.js';
import { assignUsernameSkeletons } from './skeleton-backfill.js';
import { usernameSkeleton } from './username-skeleton.js';

let sequence = 0;
function registration(username: string) {
  sequence += 1;
  return {
    firstName: 'Rae',
    lastName: 'Fan',
    email: `lookalike${sequence}@example.com`,
    username,
    password: 'Sturdy#Pass1',
    phoneNumber: null,
    verificationPreference: 'email',
  };
}

describe.each(backends)('usernames that look like an existing one (decision 0064) on %s', (backend) => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await startTestApp(backend);
  });
  afterAll(async () => {
    await harness.close();
  });
  const register = (username: string) => harness.client().post('/api/register', registration(username));

  it('refuses a name whose TR39 skeleton is a member’s, saying it is too similar', async () => {
    expect((await register('maya')).status).toBe(201);
    expect((await register('jordan')).status).toBe(201);
    for (const lookalike of [
      'm\u0430ya',
      'm\u03b1ya',
      'ma\u00a0ya',
      'may\u00e1',
      'jordan\u0660',
      'JORDAN\u0660',
    ]) {
      const response = await register(lookalike);
      expect(response.status, lookalike).toBe(409);
      expect(response.body.message).toBe(SIGN_IN_TEXT.usernameTooSimilar);
    }
    expect(SIGN_IN_TEXT.usernameTooSimilar).toContain('too similar to an existing username');
    // The very same name (any case) is still 'already exists'; a name that only shares letters is welcome.
    expect((await register('MAYA')).body.message).toBe(SERVER_MESSAGE.usernameTaken);
    expect((await register('mayan')).status).toBe(201);
    const [stored] = await harness.database.db
      .select({ skeleton: users.usernameSkeleton })
      .from(users)
      .where(eq(users.username, 'maya'));
    expect(stored?.skeleton).toBe(usernameSkeleton('maya'));
  });

  it('lets exactly one of several simultaneous lookalike registrations through', async () => {
    const names = ['k\u0430telyn', 'k\u03b1telyn', 'katelyn', 'katel\u0443n'];
    const attempts = await Promise.all(names.map(register));
    expect(attempts.map((response) => response.status).sort()).toEqual([201, 409, 409, 409]);
    for (const response of attempts.filter((attempt) => attempt.status === 409))
      expect(response.body.message).toBe(SIGN_IN_TEXT.usernameTooSimilar);
  });

  it('gives existing members their skeleton at startup, the oldest of two lookalikes keeping it', async () => {
    const db = harness.database.db;
    const values = (username: string) => ({
      username,
      email: `${sequence++}-old@example.com`,
      passwordHash: 'not-a-real-hash',
      firstName: 'Old',
      lastName: 'Member',
    });
    const [older] = await db.insert(users).values(values('riley')).returning({ id: users.id });
    const [newer] = await db.insert(users).values(values('r\u0456ley')).returning({ id: users.id });
    const first = await assignUsernameSkeletons(db);
    expect(first.lookalikes).toBe(1);
    expect(first.assigned).toBeGreaterThanOrEqual(1);
    const skeletonOf = async (id: number | undefined) =>
      (
        await db
          .select({ skeleton: users.usernameSkeleton })
          .from(users)
          .where(eq(users.id, id ?? 0))
      )[0]?.skeleton;
    expect(await skeletonOf(older?.id)).toBe(usernameSkeleton('riley'));
    expect(await skeletonOf(newer?.id)).toBeNull();
    expect(await assignUsernameSkeletons(db)).toEqual({ assigned: 0, lookalikes: 1 });
    const third = await register('rile\u0443');
    expect(third.status).toBe(409);
    expect(third.body.message).toBe(SIGN_IN_TEXT.usernameTooSimilar);
  });
});
