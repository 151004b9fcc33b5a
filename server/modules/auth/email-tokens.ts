import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { type emailTokenPurposes, emailTokens } from '../../db/schema/index.js';
import { newToken, sha256 } from '../../lib/tokens.js';

export type EmailTokenPurpose = (typeof emailTokenPurposes)[number];
export type EmailTokenRow = typeof emailTokens.$inferSelect;

/** Stores a single-use link token (only its SHA-256) and returns the token for the e-mail. */
export async function issueEmailToken(
  db: DbOrTx,
  input: { userId: number; purpose: EmailTokenPurpose; ttlMs: number; newEmail?: string },
): Promise<string> {
  const token = newToken();
  await db.insert(emailTokens).values({
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: sha256(token),
    newEmail: input.newEmail ?? null,
    expiresAt: new Date(Date.now() + input.ttlMs),
  });
  return token;
}

function usable(token: string, purposes: EmailTokenPurpose[], now: Date) {
  return and(
    eq(emailTokens.tokenHash, sha256(token)),
    inArray(emailTokens.purpose, purposes),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, now),
  );
}

/** The unused, unexpired token of one of `purposes`, without using it up. */
export async function findUsableEmailToken(
  db: DbOrTx,
  token: string,
  purposes: EmailTokenPurpose[],
): Promise<EmailTokenRow | null> {
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(usable(token, purposes, new Date()))
    .limit(1);
  return row ?? null;
}

/** The token of one of `purposes` whatever its state (used or expired), to explain why it no longer works. */
export async function findEmailToken(
  db: DbOrTx,
  token: string,
  purposes: EmailTokenPurpose[],
): Promise<EmailTokenRow | null> {
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, sha256(token)), inArray(emailTokens.purpose, purposes)))
    .limit(1);
  return row ?? null;
}

/** Marks the token used in one conditional update, so two clicks cannot both succeed. */
export async function consumeEmailToken(
  db: DbOrTx,
  token: string,
  purposes: EmailTokenPurpose[],
): Promise<EmailTokenRow | null> {
  const now = new Date();
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(usable(token, purposes, now))
    .returning();
  return row ?? null;
}

/** Retires every open token of the purposes (a newer request supersedes them). */
export async function retireEmailTokens(
  db: DbOrTx,
  userId: number,
  ...purposes: EmailTokenPurpose[]
): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(eq(emailTokens.userId, userId), inArray(emailTokens.purpose, purposes), isNull(emailTokens.usedAt)),
    );
}

/** Both steps of an e-mail change: the previous address's link, then the new address's (decision 0039). */
export const EMAIL_CHANGE_PURPOSES: EmailTokenPurpose[] = ['email_change', 'email_change_new'];

/** When the newest token of a purpose was issued to a user, if ever. */
export async function lastIssuedAt(
  db: DbOrTx,
  userId: number,
  purpose: EmailTokenPurpose,
): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: emailTokens.createdAt })
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose)))
    .orderBy(desc(emailTokens.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}

/** The address an e-mail change waits to switch to, if one is open. */
export async function pendingEmailOf(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ newEmail: emailTokens.newEmail })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, userId),
        inArray(emailTokens.purpose, EMAIL_CHANGE_PURPOSES),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(emailTokens.id))
    .limit(1);
  return row?.newEmail ?? null;
}
