import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { CHECKOUT_TEXT } from '../../../common/messages.js';
import { centsToDollars } from '../../../common/money.js';
import {
  SANDBOX_CARDS,
  type SandboxPayRequest,
  type SandboxPayResponse,
  type SandboxSession,
} from '../../../common/schemas/checkout.js';
import { checkoutSessions } from '../../db/schema/index.js';
import { Conflict, DomainError, Invalid } from '../../errors.js';
import type { MoneyDeps } from '../sales/deps.js';
import { buyersOwnSession, cancelUrlOf, fulfilCheckout } from './service.js';

/** 402: the card was refused (declined, or 3-D Secure failed). The session stays open for another card. */
export class PaymentRefused extends DomainError {
  constructor(message: string) {
    super(402, message);
  }
}

type SessionRow = typeof checkoutSessions.$inferSelect;

/** The caller's own sandbox session; anyone else's, or a Stripe one, is unknown (404). */
function ownSession(deps: MoneyDeps, sessionId: string, buyerId: number): Promise<SessionRow> {
  return buyersOwnSession(
    deps.db,
    sessionId,
    buyerId,
    // A bid's off-session purchase is finished on its own page, never on the hosted one.
    and(eq(checkoutSessions.provider, 'sandbox'), eq(checkoutSessions.kind, 'hosted')),
    CHECKOUT_TEXT.sessionNotFound,
  );
}

function statusOf(deps: MoneyDeps, session: SessionRow): SandboxSession['status'] {
  if (session.status === 'open' && session.expiresAt <= deps.clock.now()) return 'expired';
  return session.status;
}

/** GET /api/sandbox/checkout/{sessionId}: the order the hosted page shows. */
export async function sandboxSession(
  deps: MoneyDeps,
  sessionId: string,
  buyerId: number,
): Promise<SandboxSession> {
  const session = await ownSession(deps, sessionId, buyerId);
  return {
    sessionId: session.id,
    status: statusOf(deps, session),
    eventName: session.eventName,
    eventDate: session.eventDate,
    quantity: session.quantity,
    amount: centsToDollars(session.amountCents),
    ticketId: session.ticketId,
    cancelUrl: cancelUrlOf(deps.appUrl, session.ticketId),
  };
}

function digitsOf(value: string | number): string {
  return String(value).trim();
}

const MISSING_FIELD_TEXT = {
  cardNumber: CHECKOUT_TEXT.cardNumberMissing,
  expMonth: CHECKOUT_TEXT.expMonthMissing,
  expYear: CHECKOUT_TEXT.expYearMissing,
  cvc: CHECKOUT_TEXT.cvcMissing,
} as const;

/** The first card field left empty, in the form's order. */
function missingCardField(request: SandboxPayRequest): keyof typeof MISSING_FIELD_TEXT | undefined {
  return (Object.keys(MISSING_FIELD_TEXT) as (keyof typeof MISSING_FIELD_TEXT)[]).find(
    (field) => digitsOf(request[field]) === '',
  );
}

/** The card checks a hosted checkout makes, in the order it makes them; each failure names the field. */
function checkCard(request: SandboxPayRequest, now: Date): keyof typeof SANDBOX_CARDS {
  const missing = missingCardField(request);
  if (missing) throw new Invalid(MISSING_FIELD_TEXT[missing], { [missing]: MISSING_FIELD_TEXT[missing] });
  const number = request.cardNumber.replace(/\s+/g, '');
  const card = (Object.keys(SANDBOX_CARDS) as (keyof typeof SANDBOX_CARDS)[]).find(
    (key) => SANDBOX_CARDS[key] === number,
  );
  if (!card)
    throw new Invalid(CHECKOUT_TEXT.cardNumberInvalid, { cardNumber: CHECKOUT_TEXT.cardNumberInvalid });
  const monthText = digitsOf(request.expMonth);
  const month = /^\d{1,2}$/.test(monthText) ? Number(monthText) : 0;
  if (month < 1 || month > 12)
    throw new Invalid(CHECKOUT_TEXT.expMonthInvalid, { expMonth: CHECKOUT_TEXT.expMonthInvalid });
  const yearText = digitsOf(request.expYear);
  if (!/^(\d{2}|\d{4})$/.test(yearText))
    throw new Invalid(CHECKOUT_TEXT.expYearInvalid, { expYear: CHECKOUT_TEXT.expYearInvalid });
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  const thisYear = now.getUTCFullYear();
  if (year > thisYear + 50)
    throw new Invalid(CHECKOUT_TEXT.expYearInvalid, { expYear: CHECKOUT_TEXT.expYearInvalid });
  if (year < thisYear || (year === thisYear && month < now.getUTCMonth() + 1))
    throw new Invalid(CHECKOUT_TEXT.cardExpired, { expYear: CHECKOUT_TEXT.cardExpired });
  if (!/^\d{3,4}$/.test(digitsOf(request.cvc)))
    throw new Invalid(CHECKOUT_TEXT.cvcInvalid, { cvc: CHECKOUT_TEXT.cvcInvalid });
  return card;
}

function assertPayable(deps: MoneyDeps, session: SessionRow): void {
  if (statusOf(deps, session) !== 'open') throw new Conflict(CHECKOUT_TEXT.sessionNotOpen);
}

/** Takes the payment (once: only an open session turns paid), then fulfils as Stripe's webhook would. */
async function capture(deps: MoneyDeps, session: SessionRow): Promise<{ redirectUrl: string }> {
  const now = deps.clock.now();
  await deps.db
    .update(checkoutSessions)
    .set({
      status: 'paid',
      awaitingAuthentication: false,
      paymentReference: `sbx_pi_${randomBytes(12).toString('base64url')}`,
      paidAt: now,
    })
    .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, 'open')));
  await fulfilCheckout(deps, session.id);
  return { redirectUrl: `${deps.appUrl}/?session_id=${encodeURIComponent(session.id)}` };
}

/** POST /api/sandbox/checkout/{sessionId}/pay with a test card. */
export async function sandboxPay(
  deps: MoneyDeps,
  sessionId: string,
  buyerId: number,
  request: SandboxPayRequest,
): Promise<SandboxPayResponse> {
  const session = await ownSession(deps, sessionId, buyerId);
  assertPayable(deps, session);
  const card = checkCard(request, deps.clock.now());
  if (card === 'declined') throw new PaymentRefused(CHECKOUT_TEXT.cardDeclined);
  if (card === 'authenticate') {
    await deps.db
      .update(checkoutSessions)
      .set({ awaitingAuthentication: true })
      .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, 'open')));
    return { requiresAuthentication: true };
  }
  return capture(deps, session);
}

/** POST /api/sandbox/checkout/{sessionId}/authenticate: the 3-D Secure answer. */
export async function sandboxAuthenticate(
  deps: MoneyDeps,
  sessionId: string,
  buyerId: number,
  approve: boolean,
): Promise<{ redirectUrl: string }> {
  const session = await ownSession(deps, sessionId, buyerId);
  assertPayable(deps, session);
  if (!session.awaitingAuthentication) throw new Conflict(CHECKOUT_TEXT.notAuthenticating);
  if (!approve) {
    await deps.db
      .update(checkoutSessions)
      .set({ awaitingAuthentication: false })
      .where(eq(checkoutSessions.id, session.id));
    throw new PaymentRefused(CHECKOUT_TEXT.authenticationFailed);
  }
  return capture(deps, session);
}

/** POST /api/sandbox/checkout/{sessionId}/cancel: the session ends unpaid; the page goes to the cancel URL. */
export async function sandboxCancel(
  deps: MoneyDeps,
  sessionId: string,
  buyerId: number,
): Promise<{ redirectUrl: string }> {
  const session = await ownSession(deps, sessionId, buyerId);
  await deps.db
    .update(checkoutSessions)
    .set({ status: 'cancelled', awaitingAuthentication: false })
    .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, 'open')));
  return { redirectUrl: cancelUrlOf(deps.appUrl, session.ticketId) };
}
