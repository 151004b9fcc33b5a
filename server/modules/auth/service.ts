import { and, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import {
  ACCOUNT_LOCK_MINUTES,
  EMAIL_CHANGE_TTL_HOURS,
  EMAIL_VERIFICATION_TTL_HOURS,
  LOGIN_CODE_MAX_RESENDS,
  LOGIN_CODE_MAX_TRIES,
  LOGIN_CODE_RESEND_SECONDS,
  LOGIN_CODE_TTL_MINUTES,
  LOGIN_FAILURE_LIMIT,
  LOGIN_FAILURE_WINDOW_MINUTES,
  PASSWORD_RESET_TTL_MINUTES,
  PENDING_LOGIN_TTL_MINUTES,
  TRUSTED_DEVICE_DAYS,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_RESEND_MINUTES,
} from '../../../common/constants.js';
import { RECOVERY_TEXT, SERVER_MESSAGE, SIGN_IN_TEXT } from '../../../common/messages.js';
import { EMAIL_CHANGE_TEXT } from '../../../common/texts/email-change.js';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { loginCodes, trustedDevices, users } from '../../db/schema/index.js';
import { Conflict, DomainError, Forbidden, Invalid, TooManyRequests, Unauthorized } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { newNumericCode, newToken, sameHash, sha256 } from '../../lib/tokens.js';
import { endAllSessions } from '../../plugins/session.js';
import { isEmailTaken } from '../users/service.js';
import {
  consumeEmailToken,
  findEmailToken,
  findUsableEmailToken,
  issueEmailToken,
  lastIssuedAt,
  retireEmailTokens,
} from './email-tokens.js';
import {
  emailChangeNewAddressMail,
  loginCodeMail,
  passwordResetMail,
  usernameRecoveryMail,
  verifyEmailMail,
} from './mail-templates.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { isUsernameRetired, readsAsFormerMember } from './retired-usernames.js';
import { uniqueViolation } from './unique-violation.js';
import { USERNAME_SKELETON_INDEX, usernameSkeleton } from './username-skeleton.js';
import {
  isAccountEmailShape,
  newPasswordProblem,
  normalizeUsername,
  registrationProblem,
} from './validation.js';

export interface AuthDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  /** Told to a suspended member at sign-in: support they can reach without signing in (decision 0078). */
  supportEmail: string;
  /** Keys the hashes of closed accounts' usernames held back from registration (decision 0099). */
  usernameQuarantineKey: string;
  clock: Clock;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** 403 for a suspended member, with the address of support, which they can reach without signing in. */
export class AccountSuspended extends DomainError {
  constructor(supportEmail: string) {
    super(403, SERVER_MESSAGE.accountSuspended, { supportEmail });
  }
}

/** 423: too many failed logins; the account waits out the lock. */
export class AccountLocked extends DomainError {
  constructor() {
    super(423, SERVER_MESSAGE.accountLocked);
  }
}

/** The unique index's own form (users_username_folded_idx): NFKC, then lower case, both in the database. */
const byUsername = (username: string) =>
  eq(sql`lower(normalize(${users.username}, NFKC))`, sql`lower(normalize(${username}::text, NFKC))`);
const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

// Unknown usernames still pay for one hash check, so timing does not tell which names exist.
let decoyHash: Promise<string> | undefined;
function decoy(): Promise<string> {
  decoyHash ??= hashPassword(newToken());
  return decoyHash;
}

/**
 * The answer for the unique index a racing registration ran into. The same name breaks both username
 * indexes, and PostgreSQL reports whichever it checked first, so a skeleton clash asks which it was.
 */
async function conflictMessage(db: Db, index: string, username: string): Promise<string> {
  if (index === USERNAME_SKELETON_INDEX) {
    const [sameName] = await db.select({ id: users.id }).from(users).where(byUsername(username)).limit(1);
    return sameName ? SERVER_MESSAGE.usernameTaken : SIGN_IN_TEXT.usernameTooSimilar;
  }
  return index.includes('username') ? SERVER_MESSAGE.usernameTaken : SERVER_MESSAGE.emailTaken;
}

export interface RegisterInput {
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  email: string;
}

export async function register(
  deps: AuthDeps,
  input: RegisterInput,
): Promise<{ id: number; username: string; email: string }> {
  const fields = {
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    email: input.email.trim(),
    username: normalizeUsername(input.username),
    password: input.password,
  };
  const problem = registrationProblem(fields);
  if (problem) throw new Invalid(problem);
  const [sameName] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(byUsername(fields.username))
    .limit(1);
  if (sameName || readsAsFormerMember(fields.username)) throw new Conflict(SERVER_MESSAGE.usernameTaken);
  const skeleton = usernameSkeleton(fields.username);
  const [lookalike] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.usernameSkeleton, skeleton))
    .limit(1);
  // The same name, registered since the check above by a racing request, has the same skeleton too.
  if (lookalike) throw new Conflict(await conflictMessage(deps.db, USERNAME_SKELETON_INDEX, fields.username));
  if (await isEmailTaken(deps.db, fields.email)) throw new Conflict(SERVER_MESSAGE.emailTaken);

  const passwordHash = await hashPassword(fields.password);
  let created: { id: number; username: string; email: string; token: string };
  try {
    created = await deps.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          username: fields.username,
          usernameSkeleton: skeleton,
          email: fields.email,
          passwordHash,
          firstName: fields.firstName,
          lastName: fields.lastName,
          phoneNumber: null,
          verificationPreference: 'email',
        })
        .returning({ id: users.id, username: users.username, email: users.email });
      if (!user) throw new Error('user insert returned no row');
      // Checked after the insert: an account closing at this moment frees the name and retires it in one
      // commit, which the insert waits for on the unique index and this read then sees.
      if (await isUsernameRetired(tx, deps.usernameQuarantineKey, fields.username, deps.clock.now()))
        throw new Conflict(SERVER_MESSAGE.usernameTaken);
      const token = await issueEmailToken(tx, {
        userId: user.id,
        purpose: 'verify_email',
        ttlMs: EMAIL_VERIFICATION_TTL_HOURS * HOUR_MS,
      });
      return { ...user, token };
    });
  } catch (error) {
    // Two registrations raced past the checks above; the unique indexes decide.
    const index = uniqueViolation(error);
    if (index === null) throw error;
    throw new Conflict(await conflictMessage(deps.db, index, fields.username));
  }
  await deps.mailer.send(
    verifyEmailMail(created.email, fields.firstName, `${deps.appUrl}/verify-email/${created.token}`),
  );
  return { id: created.id, username: created.username, email: created.email };
}

/**
 * Logging in is how a user whose link expired gets a new one (the Verify Email page says so): the right
 * password on an unverified account e-mails a fresh link, at most once every few minutes.
 */
async function resendVerificationEmail(
  deps: AuthDeps,
  user: { id: number; email: string; firstName: string },
): Promise<void> {
  const last = await lastIssuedAt(deps.db, user.id, 'verify_email');
  if (last && Date.now() - last.getTime() < VERIFICATION_RESEND_MINUTES * MINUTE_MS) return;
  const token = await issueEmailToken(deps.db, {
    userId: user.id,
    purpose: 'verify_email',
    ttlMs: EMAIL_VERIFICATION_TTL_HOURS * HOUR_MS,
  });
  await deps.mailer.send(verifyEmailMail(user.email, user.firstName, `${deps.appUrl}/verify-email/${token}`));
}

/**
 * Claims one password check before the password is verified, in one conditional UPDATE, so the limit
 * holds under any concurrency and across instances: each attempt counts as a failure until it proves
 * otherwise, a locked account is not counted (nor checked), and an attempt beyond LOGIN_FAILURE_LIMIT in
 * the window sets the lock itself. Returns null when the account is locked, else the claim's count and
 * window (a right password gives its claim back with `clearFailures`).
 */
async function claimPasswordCheck(
  db: Db,
  userId: number,
  now: Date,
): Promise<{ count: number; windowStart: Date } | null> {
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const windowStart = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MINUTES * MINUTE_MS);
  const freshWindow = sql`(${users.failedLoginWindowStart} is null or ${users.failedLoginWindowStart} <= ${windowStart.toISOString()}::timestamptz)`;
  const overLimit = sql`(not ${freshWindow} and ${users.failedLoginCount} >= ${LOGIN_FAILURE_LIMIT})`;
  const lockUntil = new Date(now.getTime() + ACCOUNT_LOCK_MINUTES * MINUTE_MS);
  const [row] = await db
    .update(users)
    .set({
      failedLoginCount: sql`case when ${freshWindow} then 1 when ${overLimit} then 0 else ${users.failedLoginCount} + 1 end`,
      failedLoginWindowStart: sql`case when ${freshWindow} then ${nowSql} when ${overLimit} then null else ${users.failedLoginWindowStart} end`,
      lockedUntil: sql`case when ${overLimit} then ${lockUntil.toISOString()}::timestamptz else null end`,
    })
    .where(
      and(eq(users.id, userId), sql`(${users.lockedUntil} is null or ${users.lockedUntil} <= ${nowSql})`),
    )
    .returning({
      count: users.failedLoginCount,
      windowStart: users.failedLoginWindowStart,
      lockedUntil: users.lockedUntil,
    });
  if (!row || row.lockedUntil || !row.windowStart) return null;
  return { count: row.count, windowStart: row.windowStart };
}

/**
 * The signed-in member proves it is them again (closing the account, decision 0099): their password, under
 * the same atomic count and lock as sign-in, so it cannot be guessed through this door either. Throws
 * AccountLocked, or Unauthorized with `wrongPassword` (the member knows their own name, so the message may
 * say it is the password that is wrong).
 */
export async function confirmPassword(
  db: Db,
  userId: number,
  password: string,
  wrongPassword: string,
  now: Date,
): Promise<void> {
  const [user] = await db
    .select({ passwordHash: users.passwordHash, closedAt: users.closedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || user.closedAt) throw new Unauthorized(SERVER_MESSAGE.notAuthenticated);
  const claim = await claimPasswordCheck(db, userId, now);
  if (!claim) throw new AccountLocked();
  if (!(await verifyPassword(user.passwordHash, password))) {
    if (claim.count >= LOGIN_FAILURE_LIMIT) {
      await lockAfterFailures(db, userId, now);
      throw new AccountLocked();
    }
    throw new Unauthorized(wrongPassword);
  }
  await clearFailures(db, userId, claim);
}

/** The LOGIN_FAILURE_LIMIT-th failure in the window locks the account (unless it is locked already). */
async function lockAfterFailures(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(users)
    .set({
      lockedUntil: new Date(now.getTime() + ACCOUNT_LOCK_MINUTES * MINUTE_MS),
      failedLoginCount: 0,
      failedLoginWindowStart: null,
    })
    .where(
      and(
        eq(users.id, userId),
        sql`(${users.lockedUntil} is null or ${users.lockedUntil} <= ${now.toISOString()}::timestamptz)`,
      ),
    );
}

/**
 * A right password starts the count over, but only when no other attempt has been counted since its own
 * claim and no lock was set meanwhile: a right password inside a burst never clears the burst's count.
 */
async function clearFailures(db: Db, userId: number, claim: { count: number; windowStart: Date }) {
  await db
    .update(users)
    .set({ failedLoginCount: 0, failedLoginWindowStart: null, lockedUntil: null })
    .where(
      and(
        eq(users.id, userId),
        eq(users.failedLoginCount, claim.count),
        eq(users.failedLoginWindowStart, claim.windowStart),
        isNull(users.lockedUntil),
      ),
    );
}

export type LoginOutcome =
  | { kind: 'signedIn'; userId: number }
  | { kind: 'codeSent'; userId: number; pendingLogin: PendingLoginGrant };

export interface PendingLoginGrant {
  /** The pending-login cookie's value; only its SHA-256 is stored. */
  token: string;
  expiresAt: Date;
}

/**
 * Checks the password, then either signs in at once (a trusted-device token of this user) or opens a
 * pending login: a 6-digit code is e-mailed, and the returned token (for an httpOnly cookie) is what
 * binds that code to this client. Account state is revealed only to the right password, except a lock.
 */
export async function login(
  deps: AuthDeps,
  input: { username: string; password: string },
  trustedDeviceToken: string | undefined,
): Promise<LoginOutcome> {
  const username = normalizeUsername(input.username);
  if (!username) throw new Invalid(SERVER_MESSAGE.usernameRequired);
  if (!input.password) throw new Invalid(SERVER_MESSAGE.passwordRequired);

  const [user] = await deps.db.select().from(users).where(byUsername(username)).limit(1);
  // A closed account (decision 0099) answers as a name that does not exist: it has no password left.
  if (!user || user.closedAt) {
    await verifyPassword(await decoy(), input.password);
    throw new Unauthorized(SERVER_MESSAGE.badCredentials);
  }
  const now = new Date();
  const claim = await claimPasswordCheck(deps.db, user.id, now);
  if (!claim) throw new AccountLocked();
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    if (claim.count >= LOGIN_FAILURE_LIMIT) {
      await lockAfterFailures(deps.db, user.id, now);
      throw new AccountLocked();
    }
    throw new Unauthorized(SERVER_MESSAGE.badCredentials);
  }
  await clearFailures(deps.db, user.id, claim);
  if (user.suspendedAt) throw new AccountSuspended(deps.supportEmail);
  if (!user.emailVerifiedAt) {
    await resendVerificationEmail(deps, user);
    throw new Forbidden(SERVER_MESSAGE.emailNotVerified);
  }

  if (trustedDeviceToken) {
    const [device] = await deps.db
      .update(trustedDevices)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(trustedDevices.tokenHash, sha256(trustedDeviceToken)),
          eq(trustedDevices.userId, user.id),
          gt(trustedDevices.expiresAt, now),
        ),
      )
      .returning({ id: trustedDevices.id });
    if (device) return { kind: 'signedIn', userId: user.id };
  }

  const code = newNumericCode(VERIFICATION_CODE_LENGTH);
  const pendingLogin = {
    token: newToken(),
    expiresAt: new Date(now.getTime() + PENDING_LOGIN_TTL_MINUTES * MINUTE_MS),
  };
  await deps.db.transaction(async (tx) => {
    // A new login supersedes the user's earlier pending logins: only the newest code works.
    await tx
      .update(loginCodes)
      .set({ consumedAt: now })
      .where(and(eq(loginCodes.userId, user.id), isNull(loginCodes.consumedAt)));
    await tx.insert(loginCodes).values({
      userId: user.id,
      codeHash: sha256(code),
      expiresAt: new Date(now.getTime() + LOGIN_CODE_TTL_MINUTES * MINUTE_MS),
      canTrustDevice: true,
      pendingTokenHash: sha256(pendingLogin.token),
      pendingExpiresAt: pendingLogin.expiresAt,
      sentAt: now,
    });
  });
  await deps.mailer.send(loginCodeMail(user.email, code));
  return { kind: 'codeSent', userId: user.id, pendingLogin };
}

/** The live pending login of `userId` that the client's cookie token names, or null. */
async function pendingLoginOf(db: Db, userId: number, pendingToken: string | undefined, now: Date) {
  if (!pendingToken) return null;
  const [row] = await db
    .select()
    .from(loginCodes)
    .where(
      and(
        eq(loginCodes.pendingTokenHash, sha256(pendingToken)),
        eq(loginCodes.userId, userId),
        isNull(loginCodes.consumedAt),
        gt(loginCodes.pendingExpiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * 'Send a new code': replaces the pending login's code (the old one stops working, the tries start
 * over) in one conditional UPDATE, at most once per LOGIN_CODE_RESEND_SECONDS and LOGIN_CODE_MAX_RESENDS
 * times per pending login, however many requests arrive at once.
 */
export async function resendLoginCode(
  deps: AuthDeps,
  input: { userId: number },
  pendingToken: string | undefined,
): Promise<void> {
  const now = new Date();
  const pending = await pendingLoginOf(deps.db, input.userId, pendingToken, now);
  if (!pending) throw new Unauthorized(SIGN_IN_TEXT.pendingLoginExpired);
  const code = newNumericCode(VERIFICATION_CODE_LENGTH);
  const lastAllowed = new Date(now.getTime() - LOGIN_CODE_RESEND_SECONDS * 1000);
  const [resent] = await deps.db
    .update(loginCodes)
    .set({
      codeHash: sha256(code),
      attempts: 0,
      expiresAt: new Date(now.getTime() + LOGIN_CODE_TTL_MINUTES * MINUTE_MS),
      resendCount: sql`${loginCodes.resendCount} + 1`,
      sentAt: now,
    })
    .where(
      and(
        eq(loginCodes.id, pending.id),
        isNull(loginCodes.consumedAt),
        gt(loginCodes.pendingExpiresAt, now),
        lt(loginCodes.resendCount, LOGIN_CODE_MAX_RESENDS),
        lte(loginCodes.sentAt, lastAllowed),
      ),
    )
    .returning({ id: loginCodes.id });
  if (!resent) throw new TooManyRequests(SIGN_IN_TEXT.resendTooSoon);
  const [user] = await deps.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, input.userId))
    .limit(1);
  if (!user) throw new Unauthorized(SIGN_IN_TEXT.pendingLoginExpired);
  await deps.mailer.send(loginCodeMail(user.email, code));
}

export interface TrustedDeviceGrant {
  token: string;
  expiresAt: Date;
}

/**
 * Checks the e-mailed code. A wrong code costs one of LOGIN_CODE_MAX_TRIES tries; once
 * they are spent the code is dead, even for the right digits.
 */
export async function verifyLogin(
  deps: AuthDeps,
  input: { userId: number; verificationCode: string; trustThisDevice: boolean },
  pendingToken: string | undefined,
): Promise<{ userId: number; trustedDevice: TrustedDeviceGrant | null }> {
  const now = new Date();
  // Only the client that entered the password holds the pending login: anyone else who knows the
  // userId can neither use nor spend the code's tries.
  const code = await pendingLoginOf(deps.db, input.userId, pendingToken, now);
  if (!code) throw new Unauthorized(SIGN_IN_TEXT.pendingLoginExpired);
  if (code.attempts >= LOGIN_CODE_MAX_TRIES) throw new Invalid(SERVER_MESSAGE.codeAttemptsExhausted);
  if (code.expiresAt <= now) throw new Invalid(SERVER_MESSAGE.expiredCode);

  const entered = input.verificationCode.trim();
  if (!sameHash(sha256(entered), code.codeHash)) {
    const [counted] = await deps.db
      .update(loginCodes)
      .set({ attempts: sql`${loginCodes.attempts} + 1` })
      .where(
        and(
          eq(loginCodes.id, code.id),
          eq(loginCodes.codeHash, code.codeHash),
          lt(loginCodes.attempts, LOGIN_CODE_MAX_TRIES),
        ),
      )
      .returning({ attempts: loginCodes.attempts });
    throw new Invalid(counted ? SERVER_MESSAGE.invalidCode : SERVER_MESSAGE.codeAttemptsExhausted);
  }

  return deps.db.transaction(async (tx) => {
    // One conditional update: a code is used once, and never after its tries ran out.
    const [consumed] = await tx
      .update(loginCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(loginCodes.id, code.id),
          eq(loginCodes.codeHash, code.codeHash),
          isNull(loginCodes.consumedAt),
          lt(loginCodes.attempts, LOGIN_CODE_MAX_TRIES),
          gt(loginCodes.expiresAt, now),
        ),
      )
      .returning({ canTrustDevice: loginCodes.canTrustDevice });
    if (!consumed) throw new Invalid(SERVER_MESSAGE.invalidCode);
    const [user] = await tx
      .select({ suspendedAt: users.suspendedAt, emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, input.userId))
      .limit(1);
    if (!user) throw new Invalid(SERVER_MESSAGE.invalidCode);
    if (user.suspendedAt) throw new AccountSuspended(deps.supportEmail);
    if (!user.emailVerifiedAt) throw new Forbidden(SERVER_MESSAGE.emailNotVerified);
    if (!(input.trustThisDevice && consumed.canTrustDevice))
      return { userId: input.userId, trustedDevice: null };
    const token = newToken();
    const expiresAt = new Date(now.getTime() + TRUSTED_DEVICE_DAYS * DAY_MS);
    await tx.insert(trustedDevices).values({ userId: input.userId, tokenHash: sha256(token), expiresAt });
    return { userId: input.userId, trustedDevice: { token, expiresAt } };
  });
}

/** The link is a verification link whose account's address is verified (by it or by another link). */
async function isVerifiedByLink(db: DbOrTx, token: string): Promise<boolean> {
  const row = await findEmailToken(db, token, ['verify_email']);
  if (!row) return false;
  const [user] = await db
    .select({ emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, row.userId))
    .limit(1);
  return Boolean(user?.emailVerifiedAt);
}

/**
 * Opens a link from a verification or e-mail-change mail. Each link works once. The previous address's
 * change link only confirms the request and sends a link to the new address; the new address's link proves
 * the address is the account owner's, and only then does it become the account's (decision 0039).
 */
export async function verifyEmail(deps: AuthDeps, token: string): Promise<string> {
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await consumeEmailToken(tx, token, ['verify_email', 'email_change', 'email_change_new']);
    if (!row) {
      // A verification link opened again (a second tab, the mail app's preview) is no failure.
      if (await isVerifiedByLink(tx, token))
        return { message: RECOVERY_TEXT.verifyEmailAlreadyDone, mail: null };
      throw new Invalid(RECOVERY_TEXT.verifyEmailInvalid);
    }
    if (row.purpose === 'verify_email') {
      await tx
        .update(users)
        .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
        .where(eq(users.id, row.userId));
      return { message: RECOVERY_TEXT.verifyEmailSuccess, mail: null };
    }
    const newEmail = row.newEmail;
    if (!newEmail) throw new Invalid(RECOVERY_TEXT.verifyEmailInvalid);
    if (await isEmailTaken(tx, newEmail, row.userId)) throw new Conflict(SERVER_MESSAGE.emailTaken);
    if (row.purpose === 'email_change') {
      const next = await issueEmailToken(tx, {
        userId: row.userId,
        purpose: 'email_change_new',
        ttlMs: EMAIL_CHANGE_TTL_HOURS * HOUR_MS,
        newEmail,
      });
      return {
        message: EMAIL_CHANGE_TEXT.previousAddressConfirmed(newEmail),
        mail: emailChangeNewAddressMail(newEmail, `${deps.appUrl}/verify-email/${next}`),
      };
    }
    await tx
      .update(users)
      .set({ email: newEmail, emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, row.userId));
    return { message: RECOVERY_TEXT.emailChangeConfirmed, mail: null };
  });
  if (outcome.mail) await deps.mailer.send(outcome.mail);
  return outcome.message;
}

async function userByEmail(db: Db, rawEmail: string) {
  const email = rawEmail.trim();
  if (!isAccountEmailShape(email)) throw new Invalid(RECOVERY_TEXT.invalidEmail);
  const [user] = await db
    .select({ id: users.id, email: users.email, username: users.username })
    .from(users)
    .where(byEmail(email))
    .limit(1);
  return user ?? null;
}

/** Mails a reset link when the address belongs to an account; says nothing either way. */
export async function requestPasswordReset(deps: AuthDeps, rawEmail: string): Promise<void> {
  const user = await userByEmail(deps.db, rawEmail);
  if (!user) return;
  const token = await issueEmailToken(deps.db, {
    userId: user.id,
    purpose: 'password_reset',
    ttlMs: PASSWORD_RESET_TTL_MINUTES * MINUTE_MS,
  });
  await deps.mailer.send(passwordResetMail(user.email, `${deps.appUrl}/reset-password/${token}`));
}

/** Mails the username when the address belongs to an account; says nothing either way. */
export async function requestUsernameRecovery(deps: AuthDeps, rawEmail: string): Promise<void> {
  const user = await userByEmail(deps.db, rawEmail);
  if (!user) return;
  await deps.mailer.send(usernameRecoveryMail(user.email, user.username));
}

/** Whether a reset link is live (unused, unexpired); opening the page changes nothing. */
export async function checkResetToken(db: Db, token: string): Promise<void> {
  if (!(await findUsableEmailToken(db, token, ['password_reset'])))
    throw new Invalid(RECOVERY_TEXT.resetInvalidToken);
}

/**
 * Stores a new password hash. Every way of changing a password goes through here, so everything that
 * proved the old password or could set another one stops working: sessions, trusted devices, open login
 * codes and every outstanding reset link. A lockout is lifted.
 */
export async function setPasswordHash(tx: DbOrTx, userId: number, passwordHash: string): Promise<void> {
  const now = new Date();
  await tx
    .update(users)
    .set({
      passwordHash,
      failedLoginCount: 0,
      failedLoginWindowStart: null,
      lockedUntil: null,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  await endAllSessions(tx, userId);
  await tx.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
  await tx
    .update(loginCodes)
    .set({ consumedAt: now })
    .where(and(eq(loginCodes.userId, userId), isNull(loginCodes.consumedAt)));
  await retireEmailTokens(tx, userId, 'password_reset');
}

/** Sets a new password from a reset link (see setPasswordHash for what it ends). */
export async function resetPassword(db: Db, token: string, newPassword: string): Promise<void> {
  if (!(await findUsableEmailToken(db, token, ['password_reset'])))
    throw new Invalid(RECOVERY_TEXT.resetInvalidToken);
  const problem = newPasswordProblem(newPassword);
  if (problem) throw new Invalid(problem);
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    const row = await consumeEmailToken(tx, token, ['password_reset']);
    if (!row) throw new Invalid(RECOVERY_TEXT.resetInvalidToken);
    await setPasswordHash(tx, row.userId, passwordHash);
    // Opening the link proved the address is theirs.
    await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, row.userId));
  });
}
