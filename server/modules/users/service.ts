import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { EMAIL_CHANGE_TTL_HOURS } from '../../../common/constants.js';
import { SERVER_MESSAGE } from '../../../common/messages.js';
import type { UpdateUserRequest } from '../../../common/schemas/auth.js';
import type { Rating } from '../../../common/schemas/reviews.js';
import { PLATFORMS, type Platform } from '../../../common/schemas/tickets.js';
import type { CurrentUser } from '../../../common/schemas/users.js';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { Conflict, Invalid, NotFound } from '../../errors.js';
import {
  EMAIL_CHANGE_PURPOSES,
  issueEmailToken,
  pendingEmailOf,
  retireEmailTokens,
} from '../auth/email-tokens.js';
import { emailChangeMail } from '../auth/mail-templates.js';
import { isAccountEmailShape, looksLikeEmail } from '../auth/validation.js';
import { userRating } from '../reviews/ratings.js';
import { noteTransferEmailsAdded, TRANSFER_EMAIL_FIELDS } from '../transfers/transfer-email.js';

export interface UsersDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
}

type UserRow = typeof users.$inferSelect;

function toCurrentUser(row: UserRow, pendingEmail: string | null, rating: Rating): CurrentUser {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    verificationPreference: row.verificationPreference,
    fullName: row.fullName,
    ticketmasterEmail: row.ticketmasterEmail,
    livenationEmail: row.livenationEmail,
    axsEmail: row.axsEmail,
    ...rating,
    pendingEmail,
    tourCompleted: row.tourCompletedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function getCurrentUser(db: DbOrTx, userId: number): Promise<CurrentUser | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) return null;
  return toCurrentUser(row, await pendingEmailOf(db, userId), await userRating(db, userId));
}

/** The member finished or skipped the welcome tour: kept once, the first time (idempotent). */
export async function markTourCompleted(db: Db, userId: number, now: Date): Promise<CurrentUser> {
  await db
    .update(users)
    .set({ tourCompletedAt: now })
    .where(and(eq(users.id, userId), isNull(users.tourCompletedAt)));
  const user = await getCurrentUser(db, userId);
  if (!user) throw new NotFound(SERVER_MESSAGE.notAuthenticated);
  return user;
}

/** Whether another account (not `exceptUserId`) already uses the address, case-insensitively. */
export async function isEmailTaken(db: DbOrTx, email: string, exceptUserId?: number): Promise<boolean> {
  const sameAddress = eq(sql`lower(${users.email})`, email.toLowerCase());
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId === undefined ? sameAddress : and(sameAddress, ne(users.id, exceptUserId)))
    .limit(1);
  return row !== undefined;
}

/** Blank strings clear a field; anything else is stored trimmed. */
function cleaned(value: string | null): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/**
 * Profile fields change at once. A new e-mail address only opens a change: a link goes to the current
 * address; opening it sends a second link to the new address, and the address switches only when that one
 * is opened (decision 0039). Until then the current address stays in force and the new one is nobody's.
 */
export async function updateUser(
  deps: UsersDeps,
  userId: number,
  input: UpdateUserRequest,
  now: Date,
): Promise<CurrentUser> {
  const [current] = await deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!current) throw new NotFound(SERVER_MESSAGE.notFound);

  const profile: Partial<
    Pick<UserRow, 'firstName' | 'lastName' | 'fullName' | (typeof TRANSFER_EMAIL_FIELDS)[Platform]>
  > = {};
  if (input.firstName !== undefined) {
    if (input.firstName === '')
      throw new Invalid(SERVER_MESSAGE.firstNameRequired, { firstName: SERVER_MESSAGE.firstNameRequired });
    profile.firstName = input.firstName;
  }
  if (input.lastName !== undefined) {
    if (input.lastName === '')
      throw new Invalid(SERVER_MESSAGE.lastNameRequired, { lastName: SERVER_MESSAGE.lastNameRequired });
    profile.lastName = input.lastName;
  }
  if (input.fullName !== undefined) profile.fullName = cleaned(input.fullName);
  for (const field of Object.values(TRANSFER_EMAIL_FIELDS)) {
    const value = input[field];
    if (value === undefined) continue;
    const address = cleaned(value);
    if (address !== null && !looksLikeEmail(address))
      throw new Invalid(SERVER_MESSAGE.emailInvalid, { [field]: SERVER_MESSAGE.emailInvalid });
    profile[field] = address;
  }

  const newEmail = input.email?.trim() ?? '';
  const changesEmail = newEmail !== '' && newEmail.toLowerCase() !== current.email.toLowerCase();
  if (changesEmail) {
    if (!isAccountEmailShape(newEmail))
      throw new Invalid(SERVER_MESSAGE.emailInvalid, { email: SERVER_MESSAGE.emailInvalid });
    if (await isEmailTaken(deps.db, newEmail, userId)) throw new Conflict(SERVER_MESSAGE.emailTaken);
  }

  // Platforms the member had no transfer e-mail for and now has: their sellers waiting on it hear so.
  const added = PLATFORMS.filter((platform) => {
    const field = TRANSFER_EMAIL_FIELDS[platform];
    return !current[field]?.trim() && Boolean(profile[field]);
  });
  const token = await deps.db.transaction(async (tx) => {
    if (Object.keys(profile).length > 0)
      await tx
        .update(users)
        .set({ ...profile, updatedAt: now })
        .where(eq(users.id, userId));
    await noteTransferEmailsAdded(tx, userId, added, now);
    if (!changesEmail) return null;
    await retireEmailTokens(tx, userId, ...EMAIL_CHANGE_PURPOSES);
    return issueEmailToken(tx, {
      userId,
      purpose: 'email_change',
      ttlMs: EMAIL_CHANGE_TTL_HOURS * 3_600_000,
      newEmail,
    });
  });
  if (token)
    await deps.mailer.send(emailChangeMail(current.email, newEmail, `${deps.appUrl}/verify-email/${token}`));

  const updated = await getCurrentUser(deps.db, userId);
  if (!updated) throw new NotFound(SERVER_MESSAGE.notFound);
  return updated;
}
