import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import {
  ACCOUNT_LOCK_MINUTES,
  EMAIL_VERIFICATION_TTL_HOURS,
  LOGIN_CODE_MAX_TRIES,
  LOGIN_CODE_TTL_MINUTES,
  LOGIN_FAILURE_LIMIT,
  LOGIN_FAILURE_WINDOW_MINUTES,
  PASSWORD_RESET_TTL_MINUTES,
  TRUSTED_DEVICE_DAYS,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_RESEND_MINUTES,
} from '../../../common/constants.js';
import { RECOVERY_TEXT, SERVER_MESSAGE } from '../../../common/messages.js';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { Db } from '../../db/client.js';
import { loginCodes, trustedDevices, users } from '../../db/schema/index.js';
import { Conflict, DomainError, Forbidden, Invalid, Unauthorized } from '../../errors.js';
import { newNumericCode, newToken, sameHash, sha256 } from '../../lib/tokens.js';
import { endAllSessions } from '../../plugins/session.js';
import { isEmailTaken } from '../users/service.js';
import { consumeEmailToken, findUsableEmailToken, issueEmailToken, lastIssuedAt } from './email-tokens.js';
import { loginCodeMail, passwordResetMail, usernameRecoveryMail, verifyEmailMail } from './mail-templates.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { uniqueViolation } from './unique-violation.js';
import { isAccountEmailShape, newPasswordProblem, registrationProblem } from './validation.js';

export interface AuthDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** 423: too many failed logins; the account waits out the lock. */
export class AccountLocked extends DomainError {
  constructor() {
    super(423, SERVER_MESSAGE.accountLocked);
  }
}

const byUsername = (username: string) => eq(sql`lower(${users.username})`, username.toLowerCase());
const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

// Unknown usernames still pay for one hash check, so timing does not tell which names exist.
let decoyHash: Promise<string> | undefined;
function decoy(): Promise<string> {
  decoyHash ??= hashPassword(newToken());
  return decoyHash;
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
    username: input.username.trim(),
    password: input.password,
  };
  const problem = registrationProblem(fields);
  if (problem) throw new Invalid(problem);
  const [sameName] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(byUsername(fields.username))
    .limit(1);
  if (sameName) throw new Conflict(SERVER_MESSAGE.usernameTaken);
  if (await isEmailTaken(deps.db, fields.email)) throw new Conflict(SERVER_MESSAGE.emailTaken);

  const passwordHash = await hashPassword(fields.password);
  let created: { id: number; username: string; email: string; token: string };
  try {
    created = await deps.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          username: fields.username,
          email: fields.email,
          passwordHash,
          firstName: fields.firstName,
          lastName: fields.lastName,
          phoneNumber: null,
          verificationPreference: 'email',
        })
        .returning({ id: users.id, username: users.username, email: users.email });
      if (!user) throw new Error('user insert returned no row');
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
    throw new Conflict(index.includes('username') ? SERVER_MESSAGE.usernameTaken : SERVER_MESSAGE.emailTaken);
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

/** Counts a failed password; the LOGIN_FAILURE_LIMIT-th failure in the window locks the account. */
async function recordFailedLogin(db: Db, userId: number): Promise<boolean> {
  const now = new Date();
  const windowStart = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MINUTES * MINUTE_MS);
  const freshWindow = sql`(${users.failedLoginWindowStart} is null or ${users.failedLoginWindowStart} <= ${windowStart.toISOString()}::timestamptz)`;
  const [row] = await db
    .update(users)
    .set({
      failedLoginCount: sql`case when ${freshWindow} then 1 else ${users.failedLoginCount} + 1 end`,
      failedLoginWindowStart: sql`case when ${freshWindow} then ${now.toISOString()}::timestamptz else ${users.failedLoginWindowStart} end`,
    })
    .where(eq(users.id, userId))
    .returning({ failedLoginCount: users.failedLoginCount });
  if (!row || row.failedLoginCount < LOGIN_FAILURE_LIMIT) return false;
  await db
    .update(users)
    .set({
      lockedUntil: new Date(now.getTime() + ACCOUNT_LOCK_MINUTES * MINUTE_MS),
      failedLoginCount: 0,
      failedLoginWindowStart: null,
    })
    .where(eq(users.id, userId));
  return true;
}

export type LoginOutcome = { kind: 'signedIn'; userId: number } | { kind: 'codeSent'; userId: number };

/**
 * Checks the password, then either signs in at once (a trusted-device token of this
 * user) or e-mails a fresh 6-digit code. Account state is revealed only to the right password.
 */
export async function login(
  deps: AuthDeps,
  input: { username: string; password: string },
  trustedDeviceToken: string | undefined,
): Promise<LoginOutcome> {
  const username = input.username.trim();
  if (!username) throw new Invalid(SERVER_MESSAGE.usernameRequired);
  if (!input.password) throw new Invalid(SERVER_MESSAGE.passwordRequired);

  const [user] = await deps.db.select().from(users).where(byUsername(username)).limit(1);
  if (!user) {
    await verifyPassword(await decoy(), input.password);
    throw new Unauthorized(SERVER_MESSAGE.badCredentials);
  }
  if (user.lockedUntil && user.lockedUntil > new Date()) throw new AccountLocked();
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    if (await recordFailedLogin(deps.db, user.id)) throw new AccountLocked();
    throw new Unauthorized(SERVER_MESSAGE.badCredentials);
  }
  if (user.suspendedAt) throw new Forbidden(SERVER_MESSAGE.accountSuspended);
  if (!user.emailVerifiedAt) {
    await resendVerificationEmail(deps, user);
    throw new Forbidden(SERVER_MESSAGE.emailNotVerified);
  }

  await deps.db
    .update(users)
    .set({ failedLoginCount: 0, failedLoginWindowStart: null, lockedUntil: null })
    .where(eq(users.id, user.id));

  if (trustedDeviceToken) {
    const now = new Date();
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
  await deps.db.transaction(async (tx) => {
    await tx
      .update(loginCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(loginCodes.userId, user.id), isNull(loginCodes.consumedAt)));
    await tx.insert(loginCodes).values({
      userId: user.id,
      codeHash: sha256(code),
      expiresAt: new Date(Date.now() + LOGIN_CODE_TTL_MINUTES * MINUTE_MS),
      canTrustDevice: true,
    });
  });
  await deps.mailer.send(loginCodeMail(user.email, code));
  return { kind: 'codeSent', userId: user.id };
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
): Promise<{ userId: number; trustedDevice: TrustedDeviceGrant | null }> {
  const [code] = await deps.db
    .select()
    .from(loginCodes)
    .where(and(eq(loginCodes.userId, input.userId), isNull(loginCodes.consumedAt)))
    .orderBy(desc(loginCodes.id))
    .limit(1);
  if (!code) throw new Invalid(SERVER_MESSAGE.invalidCode);
  if (code.attempts >= LOGIN_CODE_MAX_TRIES) throw new Invalid(SERVER_MESSAGE.codeAttemptsExhausted);
  const now = new Date();
  if (code.expiresAt <= now) throw new Invalid(SERVER_MESSAGE.expiredCode);

  const entered = input.verificationCode.trim();
  if (!sameHash(sha256(entered), code.codeHash)) {
    const [counted] = await deps.db
      .update(loginCodes)
      .set({ attempts: sql`${loginCodes.attempts} + 1` })
      .where(and(eq(loginCodes.id, code.id), lt(loginCodes.attempts, LOGIN_CODE_MAX_TRIES)))
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
    if (user.suspendedAt) throw new Forbidden(SERVER_MESSAGE.accountSuspended);
    if (!user.emailVerifiedAt) throw new Forbidden(SERVER_MESSAGE.emailNotVerified);
    if (!(input.trustThisDevice && consumed.canTrustDevice))
      return { userId: input.userId, trustedDevice: null };
    const token = newToken();
    const expiresAt = new Date(now.getTime() + TRUSTED_DEVICE_DAYS * DAY_MS);
    await tx.insert(trustedDevices).values({ userId: input.userId, tokenHash: sha256(token), expiresAt });
    return { userId: input.userId, trustedDevice: { token, expiresAt } };
  });
}

/** Opens a link from a verification or e-mail-change mail. Each link works once. */
export async function verifyEmail(db: Db, token: string): Promise<string> {
  return db.transaction(async (tx) => {
    const row = await consumeEmailToken(tx, token, ['verify_email', 'email_change']);
    if (!row) throw new Invalid(RECOVERY_TEXT.verifyEmailInvalid);
    if (row.purpose === 'verify_email') {
      await tx
        .update(users)
        .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
        .where(eq(users.id, row.userId));
      return RECOVERY_TEXT.verifyEmailSuccess;
    }
    const newEmail = row.newEmail;
    if (!newEmail) throw new Invalid(RECOVERY_TEXT.verifyEmailInvalid);
    if (await isEmailTaken(tx, newEmail, row.userId)) throw new Conflict(SERVER_MESSAGE.emailTaken);
    await tx.update(users).set({ email: newEmail, updatedAt: new Date() }).where(eq(users.id, row.userId));
    return RECOVERY_TEXT.emailChangeConfirmed;
  });
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

/**
 * Sets a new password from a reset link. Everything that proved the old password stops
 * working: sessions, trusted devices and open login codes. A lockout is lifted.
 */
export async function resetPassword(db: Db, token: string, newPassword: string): Promise<void> {
  if (!(await findUsableEmailToken(db, token, ['password_reset'])))
    throw new Invalid(RECOVERY_TEXT.resetInvalidToken);
  const problem = newPasswordProblem(newPassword);
  if (problem) throw new Invalid(problem);
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    const row = await consumeEmailToken(tx, token, ['password_reset']);
    if (!row) throw new Invalid(RECOVERY_TEXT.resetInvalidToken);
    await tx
      .update(users)
      .set({
        passwordHash,
        failedLoginCount: 0,
        failedLoginWindowStart: null,
        lockedUntil: null,
        // Opening the link proved the address is theirs.
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, row.userId));
    await endAllSessions(tx, row.userId);
    await tx.delete(trustedDevices).where(eq(trustedDevices.userId, row.userId));
    await tx
      .update(loginCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(loginCodes.userId, row.userId), isNull(loginCodes.consumedAt)));
  });
}
