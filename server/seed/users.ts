import { eq, sql } from 'drizzle-orm';
import type { Role } from '../../common/constants.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { hashPassword, verifyPassword } from '../modules/auth/passwords.js';
import { setPasswordHash } from '../modules/auth/service.js';
import { usernameSkeleton } from '../modules/auth/username-skeleton.js';

export interface DemoUsers {
  admin: number;
  ambassador: number;
  maya: number;
  jordan: number;
}

interface DemoAccount {
  username: string;
  email: string;
  password: string;
  role: Role;
  firstName: string;
  lastName: string;
}

const DEMO_ACCOUNTS: Record<keyof DemoUsers, DemoAccount> = {
  admin: {
    username: 'admin',
    email: 'admin@encore.test',
    password: 'Encore#Admin2026',
    role: 'admin',
    firstName: 'Ada',
    lastName: 'Admin',
  },
  ambassador: {
    username: 'ambassador',
    email: 'ambassador@encore.test',
    password: 'Encore#Ambsd2026',
    role: 'AMBSD',
    firstName: 'Sam',
    lastName: 'Ambassador',
  },
  maya: {
    username: 'maya',
    email: 'maya@encore.test',
    password: 'Encore#Maya2026',
    role: 'user',
    firstName: 'Maya',
    lastName: 'Lopez',
  },
  jordan: {
    username: 'jordan',
    email: 'jordan@encore.test',
    password: 'Encore#Jordan2026',
    role: 'user',
    firstName: 'Jordan',
    lastName: 'Reed',
  },
};

/** Creates the demo account or brings it back to its documented state; returns its id. */
async function upsertDemoAccount(db: Db, account: DemoAccount): Promise<number> {
  const [existing] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(sql`lower(${users.username})`, account.username))
    .limit(1);
  const profile = {
    email: account.email,
    role: account.role,
    firstName: account.firstName,
    lastName: account.lastName,
    fullName: `${account.firstName} ${account.lastName}`,
  };
  if (!existing) {
    const [created] = await db
      .insert(users)
      .values({
        ...profile,
        username: account.username,
        usernameSkeleton: usernameSkeleton(account.username),
        passwordHash: await hashPassword(account.password),
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id });
    if (!created) throw new Error(`could not create demo user ${account.username}`);
    return created.id;
  }
  // The hash is kept when the password still matches, so a second run changes nothing. A changed password is
  // set back through the one password-change path, which also ends its sessions and reset links.
  if (!(await verifyPassword(existing.passwordHash, account.password)))
    await setPasswordHash(db, existing.id, await hashPassword(account.password));
  await db
    .update(users)
    .set({
      ...profile,
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
      suspendedAt: null,
      lockedUntil: null,
      failedLoginCount: 0,
      failedLoginWindowStart: null,
    })
    .where(eq(users.id, existing.id));
  return existing.id;
}

/** The four documented demo accounts (README), all with verified e-mail addresses. */
export async function seedDemoUsers(db: Db): Promise<DemoUsers> {
  return {
    admin: await upsertDemoAccount(db, DEMO_ACCOUNTS.admin),
    ambassador: await upsertDemoAccount(db, DEMO_ACCOUNTS.ambassador),
    maya: await upsertDemoAccount(db, DEMO_ACCOUNTS.maya),
    jordan: await upsertDemoAccount(db, DEMO_ACCOUNTS.jordan),
  };
}
