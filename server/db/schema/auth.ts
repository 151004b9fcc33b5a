import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { IDENTITY_STATUSES } from '../../../common/verified-sellers.js';
import { createdAt, updatedAt } from './columns.js';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    /** The TR39 confusable skeleton of the username (decision 0064); NULL only for an older lookalike. */
    usernameSkeleton: text('username_skeleton'),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phoneNumber: text('phone_number'),
    verificationPreference: text('verification_preference').notNull().default('email'),
    role: text('role', { enum: ['user', 'admin', 'AMBSD'] })
      .notNull()
      .default('user'),
    fullName: text('full_name'),
    ticketmasterEmail: text('ticketmaster_email'),
    livenationEmail: text('livenation_email'),
    axsEmail: text('axs_email'),
    rewardPoints: integer('reward_points').notNull().default(0),
    /** The seller's Stripe Connect account, once they started payout onboarding. */
    stripeAccountId: text('stripe_account_id'),
    /**
     * The seller's identity verification as the payment provider last told it (decision 0086): Stripe
     * Connect onboarding's account.updated, or the sandbox's onboarding page.
     */
    identityStatus: text('identity_status', { enum: IDENTITY_STATUSES }).notNull().default('unverified'),
    identityVerifiedAt: timestamp('identity_verified_at', { withTimezone: true }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    failedLoginWindowStart: timestamp('failed_login_window_start', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** When the member finished or skipped the welcome tour; it is not offered again, on any browser. */
    tourCompletedAt: timestamp('tour_completed_at', { withTimezone: true }),
    /**
     * When the member closed their account (decision 0099): the row stays, keyed by its id for the orders,
     * ledger and payouts the law keeps, with every personal field erased or replaced by an anonymous name.
     */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Names that differ only by case or character width (NFKC) are one name.
    uniqueIndex('users_username_folded_idx').on(sql`lower(normalize(${t.username}, NFKC))`),
    // Names that look alike (TR39 skeleton: 'maya', 'mаya', 'mayá') are one name too.
    uniqueIndex('users_username_skeleton_idx').on(t.usernameSkeleton),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    // The admin list searches names and e-mails by substring and pages newest first (decision 0036).
    index('users_username_trgm_idx').using('gin', sql`lower(${t.username}) gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
    index('users_created_idx').on(t.createdAt, t.id),
    check(
      'users_identity_status_valid',
      sql`${t.identityStatus} in ('unverified', 'pending', 'verified', 'declined')`,
    ),
  ],
);

/** Only the SHA-256 of the session token is stored; the token lives in an httpOnly cookie. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('trusted_devices_token_idx').on(t.tokenHash),
    index('trusted_devices_user_idx').on(t.userId),
  ],
);

/**
 * A pending login: the password was right, the e-mailed second-factor code is awaited. Only hashes are
 * kept: of the code, and of the pending-login cookie token that binds the code to the client that
 * entered the password. A resend replaces the code in the same row.
 */
export const loginCodes = pgTable(
  'login_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    canTrustDevice: boolean('can_trust_device').notNull().default(true),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    pendingTokenHash: text('pending_token_hash'),
    pendingExpiresAt: timestamp('pending_expires_at', { withTimezone: true }),
    resendCount: integer('resend_count').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_codes_user_idx').on(t.userId),
    uniqueIndex('login_codes_pending_token_idx').on(t.pendingTokenHash),
  ],
);

/**
 * 'email_change' is the link to the previous address; opening it sends 'email_change_new' to the new address,
 * and only that one switches the address (decision 0039).
 */
export const emailTokenPurposes = [
  'verify_email',
  'password_reset',
  'email_change',
  'email_change_new',
] as const;

export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: emailTokenPurposes }).notNull(),
    tokenHash: text('token_hash').notNull(),
    newEmail: text('new_email'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('email_tokens_hash_idx').on(t.tokenHash), index('email_tokens_user_idx').on(t.userId)],
);

/** Fixed-window request counters shared by every app instance (rate limits). */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * Usernames of closed accounts, held back from registration until `releasedAt` so nobody can take one to
 * pose as its former owner (decision 0099). Only a keyed hash of the name's confusable skeleton is kept, so
 * the table does not hold the name itself.
 */
export const retiredUsernames = pgTable(
  'retired_usernames',
  {
    skeletonHash: text('skeleton_hash').primaryKey(),
    retiredAt: timestamp('retired_at', { withTimezone: true }).notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('retired_usernames_released_idx').on(t.releasedAt)],
);
