import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  IdentityResponse,
  SandboxOnboardingInput,
  sandboxOnboardingResponseSchema,
} from '../../../common/schemas/identity.js';
import { IDENTITY_TEXT } from '../../../common/texts/verified-sellers.js';
import type { IdentityStatus } from '../../../common/verified-sellers.js';
import type { PaymentProvider } from '../../adapters/payments/payment-provider.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { Conflict, Forbidden, Invalid, NotFound } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { connectSeller } from '../payouts/service.js';
import {
  listingsAwaitingVerification,
  releaseListingsAwaitingVerification,
} from '../tickets/verification-gate.js';

/**
 * Verified sellers (issue 44 item 4, decision 0086). A seller verifies their identity through the payment
 * provider's onboarding: Stripe Connect's, asking for identity up front, whose verdict arrives with the
 * account.updated webhook; or, locally, the sandbox's onboarding page. Either way the verdict is written by
 * recordIdentityStatus, which puts the seller's waiting listings on sale when it says verified.
 */

export interface IdentityDeps {
  db: Db;
  payments: PaymentProvider;
  clock: Clock;
  appUrl: string;
}

/** Where the seller's verification page is, and where the provider sends them back to. */
export const identityPagePath = '/verify-identity';

export async function identityOf(db: Db, userId: number): Promise<IdentityResponse> {
  const [row] = await db
    .select({ status: users.identityStatus, verifiedAt: users.identityVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new NotFound(IDENTITY_TEXT.notYourAccount);
  return {
    status: row.status,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    awaitingListings: await listingsAwaitingVerification(db, userId),
  };
}

/** POST /api/identity/verification: the seller's connected account (created once) and its onboarding link. */
export async function startVerification(deps: IdentityDeps, userId: number): Promise<{ url: string }> {
  const { status } = await identityOf(deps.db, userId);
  if (status === 'verified') throw new Conflict(IDENTITY_TEXT.statusVerified);
  const accountId = await connectSeller(deps, userId);
  const page = `${deps.appUrl}${identityPagePath}`;
  const url = await deps.payments.createIdentityLink({
    accountId,
    refreshUrl: `${page}?from=refresh`,
    returnUrl: `${page}?from=provider`,
  });
  return { url };
}

/**
 * Writes the provider's verdict on a seller. Verified once stays dated from the first time; a verdict that
 * takes it back (Stripe may ask again) clears the date and the badge with it. Returns the listings that went
 * on sale, for bids and price alerts to look at. One transaction: the listings go live with the verdict.
 */
export async function recordIdentityStatus(
  db: Db,
  userId: number,
  status: IdentityStatus,
  now: Date,
): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        identityStatus: status,
        identityVerifiedAt:
          status === 'verified'
            ? sql`coalesce(${users.identityVerifiedAt}, ${now.toISOString()}::timestamptz)`
            : null,
      })
      .where(eq(users.id, userId));
    return status === 'verified' ? releaseListingsAwaitingVerification(tx, userId) : [];
  });
}

/**
 * A provider's account.updated: the seller the account belongs to gets the verdict the provider gives now
 * (events come in any order, decision 0050). An account of another environment changes nothing.
 */
export async function applyAccountUpdate(deps: IdentityDeps, accountId: string): Promise<number[]> {
  const [seller] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.stripeAccountId, accountId));
  if (!seller) return [];
  const status = await deps.payments.retrieveIdentityVerification(accountId);
  return recordIdentityStatus(deps.db, seller.id, status, deps.clock.now());
}

/** The sandbox's onboarding page is the signed-in seller's own account's, and only in the sandbox. */
async function sandboxAccountOwner(deps: IdentityDeps, userId: number, accountId: string) {
  if (deps.payments.kind !== 'sandbox') throw new NotFound(IDENTITY_TEXT.sandboxOnly);
  const [seller] = await deps.db
    .select({ accountId: users.stripeAccountId, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  if (!seller || seller.accountId !== accountId) throw new Forbidden(IDENTITY_TEXT.notYourAccount);
  return seller;
}

/** GET /api/sandbox/onboarding/{accountId}: the names the page fills in. */
export async function sandboxOnboardingDetails(
  deps: IdentityDeps,
  userId: number,
  accountId: string,
): Promise<z.infer<typeof sandboxOnboardingResponseSchema>> {
  const { firstName, lastName } = await sandboxAccountOwner(deps, userId, accountId);
  return { firstName, lastName };
}

const ADULT_YEARS = 18;

/** Whether someone born on `dateOfBirth` (YYYY-MM-DD) is 18 or older at `now` (UTC days). */
export function isAdult(dateOfBirth: string, now: Date): boolean {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const eighteenth = Date.UTC(year + ADULT_YEARS, month - 1, day);
  return eighteenth <= now.getTime();
}

/**
 * POST /api/sandbox/onboarding/{accountId}: the seller confirms their details and the sandbox marks them
 * verified, or declines and it marks them declined. The details are checked and not kept: only the verdict
 * is, as only Stripe keeps them in production.
 */
export async function sandboxOnboarding(
  deps: IdentityDeps,
  userId: number,
  accountId: string,
  input: SandboxOnboardingInput,
): Promise<{ redirectUrl: string; message: string; live: number[] }> {
  await sandboxAccountOwner(deps, userId, accountId);
  const now = deps.clock.now();
  if (input.decision === 'verify' && !isAdult(input.dateOfBirth, now))
    throw new Invalid(IDENTITY_TEXT.dateOfBirthInvalid, { dateOfBirth: IDENTITY_TEXT.dateOfBirthInvalid });
  const status = input.decision === 'verify' ? 'verified' : 'declined';
  const live = await recordIdentityStatus(deps.db, userId, status, now);
  return {
    redirectUrl: `${deps.appUrl}${identityPagePath}?from=provider`,
    message: status === 'verified' ? IDENTITY_TEXT.verified : IDENTITY_TEXT.declined,
    live,
  };
}
