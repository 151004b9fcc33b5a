import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedCards } from './db/schema/index.js';
import { createTestUser, signedInClient } from './modules/auth/testing.js';
import { insertListing } from './modules/marketplace/testing.js';
import { buyListing } from './modules/payouts/testing.js';
import { uploadedImage, validTicketFields } from './modules/tickets/testing.js';
import { backends, startTestApp, type TestApp, type TestClient } from './test/harness.js';

/**
 * Issue 22 §5: who may call what. Every route of /api/openapi.json has a row saying what each caller gets:
 * a visitor, an unrelated member, the parties of a sale where the route has them (the seller and the buyer),
 * an ambassador and an admin. A route without a row fails the test, so a new route cannot ship unreviewed.
 *
 * Outcomes: 'pass' means the caller got past authorization (any answer but 401, 403 or a 5xx: a 404 for an
 * id that does not exist or a 409 for a rule still shows the route let them in); 401 and 403 are exact;
 * 'hidden' is 403 or 404 (another member's resource, which a route may refuse or deny knowing).
 * Requests are schema-valid so that each call reaches the route's own check, and use fresh sessions and,
 * for routes that change a resource, a fresh resource per caller, so rows don't affect each other.
 */

type Caller = 'visitor' | 'member' | 'seller' | 'buyer' | 'ambassador' | 'admin';
type Outcome = 'pass' | 401 | 403 | 'hidden';
const CALLERS: Caller[] = ['visitor', 'member', 'seller', 'buyer', 'ambassador', 'admin'];

interface Fixture {
  harness: TestApp;
  ids: Record<Exclude<Caller, 'visitor'>, number>;
  /** A sale of `seller`'s ticket to `buyer` through the sandbox checkout. */
  sale: Awaited<ReturnType<typeof buyListing>>;
  /** An unsold listing of `seller` that rows only read. */
  listingId: number;
  /** A support request the buyer wrote, and a topic of the ambassadors' chat. */
  supportMessageId: number;
  topicId: number;
  /** An image the seller uploaded, for complete listing forms. */
  image: { cloudinaryUrl: string; cloudinaryPublicId: string };
}

interface Call {
  path: string;
  json?: unknown;
}

interface Row {
  expect: Partial<Record<Caller, Outcome>>;
  /** The request; called once per caller, so it may create what that call changes. */
  call: (fixture: Fixture, caller: Caller) => Call | Promise<Call>;
}

const everyone = (): Row['expect'] => Object.fromEntries(CALLERS.map((caller) => [caller, 'pass']));
const membersOnly = (): Row['expect'] => ({ ...everyone(), visitor: 401 });
const adminsOnly = (): Row['expect'] => ({
  visitor: 401,
  member: 403,
  seller: 403,
  buyer: 403,
  ambassador: 403,
  admin: 'pass',
});
const ambassadorsAndAdmins = (): Row['expect'] => ({ ...adminsOnly(), ambassador: 'pass' });
/** Only the sale's parties; other members and staff are refused or not told it exists. */
const parties = (...who: ('seller' | 'buyer')[]): Row['expect'] => ({
  visitor: 401,
  member: 'hidden',
  seller: who.includes('seller') ? 'pass' : 'hidden',
  buyer: who.includes('buyer') ? 'pass' : 'hidden',
  ambassador: 'hidden',
  admin: 'hidden',
});
const fixed = (path: string, json?: unknown) => () => ({ path, ...(json === undefined ? {} : { json }) });
const NO_SUCH_ID = 2_000_000_000;
const SESSION = 'cs_test_matrix_unknown';
const CARD = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' };

/** A listing of the seller that this call alone uses (edits, deletes, holds change it). */
async function freshListing(fixture: Fixture): Promise<number> {
  return (await insertListing(fixture.harness.database.db, fixture.ids.seller)).id;
}

let savedCardCount = 0;

/** A sandbox card of the buyer that this call alone uses (removing it changes it). */
async function freshSavedCard(fixture: Fixture): Promise<string> {
  savedCardCount += 1;
  const id = `sbx_pm_4242_matrix${savedCardCount}`;
  await fixture.harness.database.db.insert(savedCards).values({
    id,
    userId: fixture.ids.buyer,
    provider: 'sandbox',
    customerId: `sbx_cus_${fixture.ids.buyer}`,
    brand: 'visa',
    last4: '4242',
    expMonth: 12,
    expYear: 2040,
  });
  return id;
}

const ROWS: Record<string, Row> = {
  // Public: the catalog, the marketplace for visitors, sign-in and recovery, the sandbox's hosted page.
  'GET /api/health': { expect: everyone(), call: fixed('/api/health') },
  'GET /api/health/live': { expect: everyone(), call: fixed('/api/health/live') },
  'GET /api/health/ready': { expect: everyone(), call: fixed('/api/health/ready') },
  'GET /api/session': { expect: everyone(), call: fixed('/api/session') },
  'GET /api/artists/info': { expect: everyone(), call: fixed('/api/artists/info?name=Nova') },
  'GET /api/artists/{id}/image': { expect: everyone(), call: fixed(`/api/artists/${NO_SUCH_ID}/image`) },
  'GET /api/concerts/search': { expect: everyone(), call: fixed('/api/concerts/search?query=nova') },
  'GET /api/concerts/upcoming': { expect: everyone(), call: fixed('/api/concerts/upcoming') },
  'GET /api/events/{id}': { expect: everyone(), call: fixed(`/api/events/${NO_SUCH_ID}`) },
  'GET /api/events/{id}/price-story': {
    expect: everyone(),
    call: fixed(`/api/events/${NO_SUCH_ID}/price-story`),
  },
  // Decision 0084: the cap of a show's place is public; the one-click fix needs no sign-in (its token is checked).
  'GET /api/events/{id}/price-cap': {
    expect: everyone(),
    call: fixed(`/api/events/${NO_SUCH_ID}/price-cap`),
  },
  'POST /api/price-caps/fix': {
    expect: everyone(),
    call: fixed('/api/price-caps/fix', { token: '1.not-a-signature' }),
  },
  'GET /api/search/suggestions': { expect: everyone(), call: fixed('/api/search/suggestions?query=tes') },
  'GET /api/tickets': { expect: everyone(), call: fixed('/api/tickets') },
  'GET /api/tickets/{id}': { expect: membersOnly(), call: (f) => ({ path: `/api/tickets/${f.listingId}` }) },
  'GET /api/images/{publicId}': { expect: membersOnly(), call: fixed('/api/images/no-such-image') },
  'GET /api/users/{id}/reviews': {
    expect: membersOnly(),
    call: (f) => ({ path: `/api/users/${f.ids.seller}/reviews` }),
  },
  // A wrong password is a 401 of its own; an incomplete form shows the route is open to everyone.
  'POST /api/login': { expect: everyone(), call: fixed('/api/login', {}) },
  'POST /api/logout': { expect: everyone(), call: fixed('/api/logout') },
  'POST /api/register': { expect: everyone(), call: fixed('/api/register', {}) },
  'POST /api/verify-login': { expect: everyone(), call: fixed('/api/verify-login', {}) },
  'POST /api/verify-login/resend': { expect: everyone(), call: fixed('/api/verify-login/resend', {}) },
  'POST /api/request-password-reset': {
    expect: everyone(),
    call: fixed('/api/request-password-reset', { email: 'nobody@example.com' }),
  },
  'POST /api/request-username-recovery': {
    expect: everyone(),
    call: fixed('/api/request-username-recovery', { email: 'nobody@example.com' }),
  },
  'GET /api/reset-password/{token}': { expect: everyone(), call: fixed('/api/reset-password/no-such-token') },
  'POST /api/reset-password/{token}': {
    expect: everyone(),
    call: fixed('/api/reset-password/no-such-token', {
      password: 'Sturdy#Pass2',
      confirmPassword: 'Sturdy#Pass2',
    }),
  },
  'GET /api/verify-email/{token}': { expect: everyone(), call: fixed('/api/verify-email/no-such-token') },
  'POST /api/subscribe': { expect: everyone(), call: fixed('/api/subscribe', {}) },
  // Decision 0064: the newsletter's confirmation and unsubscribe links need no sign-in (their tokens are checked).
  'POST /api/newsletter/confirm': {
    expect: everyone(),
    call: fixed('/api/newsletter/confirm', { token: 'x' }),
  },
  'POST /api/newsletter/unsubscribe': {
    expect: everyone(),
    call: fixed('/api/newsletter/unsubscribe?token=1.not-a-signature'),
  },
  // The sandbox's hosted checkout: signed-in members; the session decides whose it is.
  'GET /api/sandbox/checkout/{sessionId}': {
    expect: membersOnly(),
    call: fixed(`/api/sandbox/checkout/${SESSION}`),
  },
  'POST /api/sandbox/checkout/{sessionId}/pay': {
    expect: membersOnly(),
    call: fixed(`/api/sandbox/checkout/${SESSION}/pay`, CARD),
  },
  'POST /api/sandbox/checkout/{sessionId}/authenticate': {
    expect: membersOnly(),
    call: fixed(`/api/sandbox/checkout/${SESSION}/authenticate`, { approve: true }),
  },
  'POST /api/sandbox/checkout/{sessionId}/cancel': {
    expect: membersOnly(),
    call: fixed(`/api/sandbox/checkout/${SESSION}/cancel`),
  },
  'POST /api/sandbox/setup-intents/{setupIntentId}/confirm': {
    expect: membersOnly(),
    call: fixed('/api/sandbox/setup-intents/sbx_seti_matrix_unknown/confirm', {
      clientSecret: 'sbx_seti_matrix_unknown_secret_x',
      ...CARD,
    }),
  },
  // Issue 24: a member's own bids and bid purchases; an unknown one is a 404 (or a 400 card) to every member.
  'POST /api/bids': {
    expect: membersOnly(),
    call: fixed('/api/bids', {
      eventName: 'Nova Live',
      eventDate: '2099-01-01',
      maxPrice: 100,
      quantity: 1,
      stripePaymentMethodId: 'sbx_pm_4242_matrix',
    }),
  },
  'GET /api/bids': { expect: membersOnly(), call: fixed('/api/bids') },
  'DELETE /api/bids/{id}': { expect: membersOnly(), call: fixed(`/api/bids/${NO_SUCH_ID}`) },
  // Decision 0060: a member's own price alerts; the unsubscribe link needs no sign-in (its token is checked).
  'POST /api/price-alerts': {
    expect: membersOnly(),
    call: fixed('/api/price-alerts', { eventId: NO_SUCH_ID, quantity: 1, maxPrice: 10 }),
  },
  'GET /api/price-alerts': { expect: membersOnly(), call: fixed('/api/price-alerts') },
  'DELETE /api/price-alerts/{id}': { expect: membersOnly(), call: fixed(`/api/price-alerts/${NO_SUCH_ID}`) },
  'POST /api/price-alerts/seen': { expect: membersOnly(), call: fixed('/api/price-alerts/seen') },
  'POST /api/price-alerts/unsubscribe': {
    expect: everyone(),
    call: fixed('/api/price-alerts/unsubscribe?token=1.not-a-signature'),
  },
  // Issue 46, decision 0100: a show's Fan Queue is public; joining, leaving and one's places are members'.
  'GET /api/events/{id}/fan-queue': {
    expect: everyone(),
    call: fixed(`/api/events/${NO_SUCH_ID}/fan-queue`),
  },
  'PUT /api/events/{id}/fan-queue': {
    expect: membersOnly(),
    call: fixed(`/api/events/${NO_SUCH_ID}/fan-queue`, { quantity: 1, maxPrice: 10 }),
  },
  'DELETE /api/events/{id}/fan-queue': {
    expect: membersOnly(),
    call: fixed(`/api/events/${NO_SUCH_ID}/fan-queue`),
  },
  'GET /api/fan-queue': { expect: membersOnly(), call: fixed('/api/fan-queue') },
  'GET /api/tickets/average-price': {
    expect: membersOnly(),
    call: fixed('/api/tickets/average-price?eventName=Nova&quantity=1'),
  },
  'GET /api/bids/payments/{sessionId}': {
    expect: membersOnly(),
    call: fixed('/api/bids/payments/bid_matrix_unknown'),
  },
  'POST /api/bids/payments/{sessionId}/complete': {
    expect: membersOnly(),
    call: fixed('/api/bids/payments/bid_matrix_unknown/complete', {}),
  },
  'POST /api/sandbox/bid-payments/{sessionId}/authenticate': {
    expect: membersOnly(),
    call: fixed('/api/sandbox/bid-payments/bid_matrix_unknown/authenticate', { approve: true }),
  },

  // Any member: their own account, lists and notifications.
  'GET /api/user': { expect: membersOnly(), call: fixed('/api/user') },
  'PATCH /api/user': { expect: membersOnly(), call: fixed('/api/user', {}) },
  'POST /api/user/tour-completed': { expect: membersOnly(), call: fixed('/api/user/tour-completed') },
  // A copy of my data (decision 0097): one's own only; the download's token names the caller's own copy.
  // Closing my account (decision 0099): one's own only; an empty password is refused after authorization.
  'GET /api/user/closure': { expect: membersOnly(), call: fixed('/api/user/closure') },
  'POST /api/user/closure': { expect: membersOnly(), call: fixed('/api/user/closure', {}) },
  'GET /api/user/data-export': { expect: membersOnly(), call: fixed('/api/user/data-export') },
  'POST /api/user/data-export': { expect: membersOnly(), call: fixed('/api/user/data-export') },
  'GET /api/user/data-export/download': {
    expect: membersOnly(),
    call: fixed('/api/user/data-export/download?token=1.not-a-signature'),
  },
  'GET /api/my-tickets': { expect: membersOnly(), call: fixed('/api/my-tickets') },
  'GET /api/notifications': { expect: membersOnly(), call: fixed('/api/notifications') },
  'GET /api/payouts': { expect: membersOnly(), call: fixed('/api/payouts') },
  'POST /api/payouts/onboarding': { expect: membersOnly(), call: fixed('/api/payouts/onboarding') },
  // Verified sellers (decision 0086): one's own verification; the sandbox's page only for its account's seller.
  'GET /api/identity': { expect: membersOnly(), call: fixed('/api/identity') },
  'POST /api/identity/verification': { expect: membersOnly(), call: fixed('/api/identity/verification') },
  'GET /api/sandbox/onboarding/{accountId}': {
    expect: parties(),
    call: fixed('/api/sandbox/onboarding/sbx_acct_matrix_unknown'),
  },
  'POST /api/sandbox/onboarding/{accountId}': {
    expect: parties(),
    call: fixed('/api/sandbox/onboarding/sbx_acct_matrix_unknown', { decision: 'decline' }),
  },
  'GET /api/reviews/pending': { expect: membersOnly(), call: fixed('/api/reviews/pending') },
  'GET /api/payment-methods': { expect: membersOnly(), call: fixed('/api/payment-methods') },
  'POST /api/payment-methods/setup-intent': {
    expect: membersOnly(),
    call: fixed('/api/payment-methods/setup-intent'),
  },
  // A saved card is its owner's alone (here the buyer's); anyone else is told it does not exist.
  'DELETE /api/payment-methods/{id}': {
    expect: { ...parties('buyer') },
    call: async (f) => ({ path: `/api/payment-methods/${await freshSavedCard(f)}` }),
  },
  'POST /api/tickets': { expect: membersOnly(), call: fixed('/api/tickets') },
  'POST /api/upload/direct': { expect: membersOnly(), call: fixed('/api/upload/direct') },
  'POST /api/tickets/barcode/upload': { expect: membersOnly(), call: fixed('/api/tickets/barcode/upload') },
  // A member's own checkout sessions: an unknown or another's session is a 404 to everyone signed in.
  'POST /api/purchase/verify/{session_id}': {
    expect: membersOnly(),
    call: fixed(`/api/purchase/verify/${SESSION}`, {}),
  },
  'POST /api/purchase/complete': {
    expect: membersOnly(),
    call: fixed('/api/purchase/complete', { sessionId: SESSION }),
  },
  'POST /api/complete-purchase-safari': {
    expect: membersOnly(),
    call: fixed(`/api/complete-purchase-safari?session_id=${SESSION}`),
  },
  // Reviews name their sale; only its parties may write one (checked against the sale).
  'POST /api/reviews': {
    expect: { ...parties('seller', 'buyer') },
    call: (f) => ({
      path: '/api/reviews',
      json: {
        ticketId: f.sale.ticket.id,
        targetUserId: f.ids.seller,
        rating: 5,
        comment: 'Matrix',
        reviewType: 'buyer_to_seller',
        transactionId: f.sale.order.id,
      },
    }),
  },
  'DELETE /api/reviews/{transactionId}/pending': {
    expect: { ...parties('seller', 'buyer') },
    call: (f) => ({ path: `/api/reviews/${f.sale.order.id}/pending` }),
  },

  // Buying another member's listing: any member may hold and pay; the seller may not buy their own.
  'POST /api/tickets/{id}/lock': {
    expect: { ...membersOnly(), seller: 403 },
    call: async (f) => ({ path: `/api/tickets/${await freshListing(f)}/lock` }),
  },
  'POST /api/tickets/{id}/lock/extend': {
    expect: membersOnly(),
    call: async (f) => ({ path: `/api/tickets/${await freshListing(f)}/lock/extend` }),
  },
  'POST /api/tickets/{id}/unlock': {
    expect: membersOnly(),
    call: async (f) => ({ path: `/api/tickets/${await freshListing(f)}/unlock` }),
  },
  'POST /api/tickets/{id}/payment': {
    expect: { ...membersOnly(), seller: 403 },
    call: async (f) => ({
      path: `/api/tickets/${await freshListing(f)}/payment`,
      json: { amount: 1, version: 1 },
    }),
  },

  // The seller's own listing.
  'POST /api/tickets/{id}': {
    expect: { ...parties('seller') },
    call: async (f) => {
      const id = await freshListing(f);
      return {
        path: `/api/tickets/${id}`,
        json: { ...validTicketFields(f.image), id: String(id), version: '1' },
      };
    },
  },
  'PATCH /api/tickets/{id}': {
    expect: { ...parties('seller') },
    call: async (f) => {
      const id = await freshListing(f);
      return {
        path: `/api/tickets/${id}`,
        json: { ...validTicketFields(f.image), id: String(id), version: '1' },
      };
    },
  },
  'DELETE /api/tickets/{id}': {
    expect: { ...parties('seller') },
    call: async (f) => ({ path: `/api/tickets/${await freshListing(f)}` }),
  },
  'POST /api/tickets/{id}/start-edit': {
    expect: { ...parties('seller') },
    call: async (f) => ({ path: `/api/tickets/${await freshListing(f)}/start-edit` }),
  },
  'POST /api/tickets/{id}/end-edit': {
    expect: { ...parties('seller') },
    call: async (f) => ({ path: `/api/tickets/${await freshListing(f)}/end-edit` }),
  },

  // After the sale: the seller transfers, the buyer confirms or reports, both message (and admins may
  // read and write in a thread, decision 0015).
  'POST /api/tickets/{id}/initiate-transfer': {
    expect: { ...parties('seller') },
    call: (f) => ({ path: `/api/tickets/${f.sale.ticket.id}/initiate-transfer` }),
  },
  'GET /api/tickets/{id}/buyer-transfer-info': {
    expect: { ...parties('seller') },
    call: (f) => ({ path: `/api/tickets/${f.sale.ticket.id}/buyer-transfer-info` }),
  },
  'DELETE /api/tickets/{id}/barcode': {
    expect: { ...parties('seller') },
    call: (f) => ({ path: `/api/tickets/${f.sale.ticket.id}/barcode` }),
  },
  'GET /api/tickets/{id}/barcode/download': {
    expect: { ...parties('seller', 'buyer') },
    call: (f) => ({ path: `/api/tickets/${f.sale.ticket.id}/barcode/download` }),
  },
  // The show in a calendar and wallet passes (decision 0096): the buyer's alone.
  'GET /api/wallets': { expect: membersOnly(), call: fixed('/api/wallets') },
  'GET /api/tickets/{id}/calendar.ics': {
    expect: { ...parties('buyer') },
    call: (f) => ({ path: `/api/tickets/${f.sale.ticket.id}/calendar.ics` }),
  },
  'GET /api/tickets/{id}/wallet/apple': {
    expect: { ...parties('buyer') },
    call: (f) => ({ path: `/api/tickets/${f.sale.ticket.id}/wallet/apple` }),
  },
  'GET /api/tickets/{id}/wallet/google': {
    expect: { ...parties('buyer') },
    call: (f) => ({ path: `/api/tickets/${f.sale.ticket.id}/wallet/google` }),
  },
  'POST /api/tickets/{id}/complete-transfer': {
    expect: { ...parties('buyer') },
    call: (f) => ({ path: `/api/tickets/${f.sale.ticket.id}/complete-transfer` }),
  },
  'POST /api/tickets/{id}/report-problem': {
    expect: { ...parties('buyer') },
    call: (f) => ({
      path: `/api/tickets/${f.sale.ticket.id}/report-problem`,
      json: { reason: 'The barcode does not scan' },
    }),
  },
  'GET /api/tickets/{id}/messages': {
    expect: { ...parties('seller', 'buyer'), admin: 'pass' },
    call: (f) => ({ path: `/api/tickets/${f.sale.ticket.id}/messages` }),
  },
  'POST /api/tickets/{id}/messages': {
    expect: { ...parties('seller', 'buyer'), admin: 'pass' },
    call: (f) => ({ path: `/api/tickets/${f.sale.ticket.id}/messages`, json: { content: 'Matrix hello' } }),
  },

  // Customer support (decision 0038): members write and read their own conversations, admins answer.
  'GET /api/admin-messages': { expect: membersOnly(), call: fixed('/api/admin-messages') },
  'POST /api/admin-messages': {
    expect: membersOnly(),
    call: fixed('/api/admin-messages', { topic: 'other', message: 'A question for the support team' }),
  },
  'PUT /api/admin-messages/read': {
    expect: membersOnly(),
    call: fixed('/api/admin-messages/read', { topic: 'tickets' }),
  },
  // Writing again in a conversation is its asker's (the buyer's here); admins answer through reply.
  'POST /api/admin-messages/{id}/follow-up': {
    expect: {
      visitor: 401,
      member: 'hidden',
      seller: 'hidden',
      buyer: 'pass',
      ambassador: 'hidden',
      admin: 403,
    },
    call: (f) => ({
      path: `/api/admin-messages/${f.supportMessageId}/follow-up`,
      json: { message: 'Any news?' },
    }),
  },
  'POST /api/admin-messages/{id}/reply': {
    expect: adminsOnly(),
    call: (f) => ({
      path: `/api/admin-messages/${f.supportMessageId}/reply`,
      json: { message: 'On its way', adminId: 1 },
    }),
  },
  'PUT /api/admin-messages/{id}/status': {
    expect: adminsOnly(),
    call: (f) => ({ path: `/api/admin-messages/${f.supportMessageId}/status`, json: { resolved: false } }),
  },

  // The ambassadors' group chat and attendee search (decision 0038).
  'GET /api/ambsd/chat/topics': { expect: ambassadorsAndAdmins(), call: fixed('/api/ambsd/chat/topics') },
  'POST /api/ambsd/chat/topics': {
    expect: ambassadorsAndAdmins(),
    call: fixed('/api/ambsd/chat/topics', { name: 'Matrix' }),
  },
  'GET /api/ambsd/chat/topics/{id}/messages': {
    expect: ambassadorsAndAdmins(),
    call: (f) => ({ path: `/api/ambsd/chat/topics/${f.topicId}/messages` }),
  },
  'POST /api/ambsd/chat/topics/{id}/messages': {
    expect: ambassadorsAndAdmins(),
    call: (f) => ({ path: `/api/ambsd/chat/topics/${f.topicId}/messages`, json: { content: 'Hello' } }),
  },
  'GET /api/ambsd/event-attendees': {
    expect: ambassadorsAndAdmins(),
    call: fixed('/api/ambsd/event-attendees?query=zz'),
  },

  // The back office (decisions 0033–0037): admins only. Changes name ids that do not exist, so an admin's
  // answer is a 404 past the check and nothing changes for the rows after.
  'GET /api/admin/stats': { expect: adminsOnly(), call: fixed(`/api/admin/stats`) },
  'GET /api/admin/users': { expect: adminsOnly(), call: fixed(`/api/admin/users?search=a`) },
  'GET /api/admin/users/{id}': { expect: adminsOnly(), call: fixed(`/api/admin/users/${NO_SUCH_ID}`) },
  'PUT /api/admin/users/{id}/role': {
    expect: adminsOnly(),
    call: fixed(`/api/admin/users/${NO_SUCH_ID}/role`, { role: 'user' }),
  },
  'PUT /api/admin/users/{id}/suspension': {
    expect: adminsOnly(),
    call: fixed(`/api/admin/users/${NO_SUCH_ID}/suspension`, {
      suspended: true,
      reason: 'Checked by support.',
    }),
  },
  'GET /api/admin/tickets': { expect: adminsOnly(), call: fixed(`/api/admin/tickets?search=a`) },
  'GET /api/admin/tickets/{id}': { expect: adminsOnly(), call: fixed(`/api/admin/tickets/${NO_SUCH_ID}`) },
  'PUT /api/admin/tickets/{id}': {
    expect: adminsOnly(),
    call: fixed(`/api/admin/tickets/${NO_SUCH_ID}`, { status: 'available', reason: 'Checked by support.' }),
  },
  'GET /api/admin/transactions': { expect: adminsOnly(), call: fixed(`/api/admin/transactions?search=a`) },
  'GET /api/admin/transactions/{id}': {
    expect: adminsOnly(),
    call: fixed(`/api/admin/transactions/${NO_SUCH_ID}`),
  },
  'POST /api/admin/transactions/{id}/refund': {
    expect: adminsOnly(),
    call: fixed(`/api/admin/transactions/${NO_SUCH_ID}/refund`, { reason: 'Matrix check' }),
  },
  'GET /api/admin/reviews': { expect: adminsOnly(), call: fixed(`/api/admin/reviews?search=a`) },
  'GET /api/admin/reviews/{id}': { expect: adminsOnly(), call: fixed(`/api/admin/reviews/${NO_SUCH_ID}`) },
  'PUT /api/admin/reviews/{id}/visibility': {
    expect: adminsOnly(),
    call: fixed(`/api/admin/reviews/${NO_SUCH_ID}/visibility`, {
      hidden: true,
      reason: 'Checked by support.',
    }),
  },
  'GET /api/admin/support-messages': {
    expect: adminsOnly(),
    call: fixed(`/api/admin/support-messages?search=a`),
  },
  'GET /api/admin/support-messages/pending-count': {
    expect: adminsOnly(),
    call: fixed(`/api/admin/support-messages/pending-count`),
  },
  // The System tab (decision 0068): a retry names a job that does not exist.
  'GET /api/admin/system': { expect: adminsOnly(), call: fixed(`/api/admin/system`) },
  'GET /api/admin/system/jobs': { expect: adminsOnly(), call: fixed(`/api/admin/system/jobs?state=failing`) },
  'POST /api/admin/system/jobs/{id}/retry': {
    expect: adminsOnly(),
    call: fixed(`/api/admin/system/jobs/${NO_SUCH_ID}/retry`),
  },
  'GET /api/admin/disputes': { expect: adminsOnly(), call: fixed(`/api/admin/disputes`) },
  'POST /api/admin/disputes/{id}/resolve': {
    expect: adminsOnly(),
    call: fixed(`/api/admin/disputes/${NO_SUCH_ID}/resolve`, {
      resolution: 'refund',
      reason: 'Matrix check',
    }),
  },
  'GET /api/admin/strike-reviews': { expect: adminsOnly(), call: fixed(`/api/admin/strike-reviews`) },
  'POST /api/admin/strike-reviews/{id}/lift': {
    expect: adminsOnly(),
    call: fixed(`/api/admin/strike-reviews/${NO_SUCH_ID}/lift`, { reason: 'Matrix check' }),
  },
  'GET /api/admin/barcode-duplicates': { expect: adminsOnly(), call: fixed(`/api/admin/barcode-duplicates`) },
  'POST /api/admin/barcode-duplicates/{id}/review': {
    expect: adminsOnly(),
    call: fixed(`/api/admin/barcode-duplicates/${NO_SUCH_ID}/review`, {}),
  },
  'GET /api/admin/events': { expect: adminsOnly(), call: fixed(`/api/admin/events`) },
  'POST /api/admin/events/{id}/cancel': {
    expect: adminsOnly(),
    call: fixed(`/api/admin/events/${NO_SUCH_ID}/cancel`, { reason: 'Matrix check' }),
  },
  // Decision 0100: a show's Fan Queue in the back office, and removing an entry from it.
  'GET /api/admin/events/{id}/fan-queue': {
    expect: adminsOnly(),
    call: fixed(`/api/admin/events/${NO_SUCH_ID}/fan-queue`),
  },
  'DELETE /api/admin/fan-queue/{entryId}': {
    expect: adminsOnly(),
    call: fixed(`/api/admin/fan-queue/${NO_SUCH_ID}`, { reason: 'Matrix check' }),
  },
  'POST /api/admin/events/{id}/postpone': {
    expect: adminsOnly(),
    call: fixed(`/api/admin/events/${NO_SUCH_ID}/postpone`, { newDate: '2031-01-01' }),
  },
  'GET /api/admin/audit-log': { expect: adminsOnly(), call: fixed(`/api/admin/audit-log`) },
  // A buyer of a postponed event may ask for a refund (decision 0034); only the buyer.
  'POST /api/tickets/{id}/refund-request': {
    expect: { ...parties('buyer') },
    call: (f) => ({ path: `/api/tickets/${f.sale.ticket.id}/refund-request` }),
  },
};

interface Operation {
  method: string;
  path: string;
}

function operationsOf(document: { paths: Record<string, Record<string, unknown>> }): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map((method) => ({ method: method.toUpperCase(), path })),
  );
}

function outcomeOf(status: number): Outcome | number {
  if (status === 401 || status === 403) return status;
  if (status >= 500) return status;
  return 'pass';
}

function matches(expected: Outcome, status: number): boolean {
  if (expected === 'hidden') return status === 403 || status === 404;
  return outcomeOf(status) === expected;
}

describe.each(backends)('who may call what, on %s', (backend) => {
  let harness: TestApp;
  let fixture: Fixture;
  let operations: Operation[];

  beforeAll(async () => {
    harness = await startTestApp(backend);
    const db = harness.database.db;
    const ids = {
      member: (await createTestUser(db)).id,
      seller: (await createTestUser(db)).id,
      buyer: (await createTestUser(db)).id,
      ambassador: (await createTestUser(db, { role: 'AMBSD' })).id,
      admin: (await createTestUser(db, { role: 'admin' })).id,
    };
    const buyer = await signedInClient(harness, ids.buyer);
    const sale = await buyListing(harness, buyer, ids.seller);
    const listingId = (await insertListing(db, ids.seller)).id;
    const image = await uploadedImage(await signedInClient(harness, ids.seller));
    const asked = await buyer.post('/api/admin-messages', {
      topic: 'tickets',
      message: 'Where is my ticket?',
    });
    const ambassador = await signedInClient(harness, ids.ambassador);
    const topic = await ambassador.post('/api/ambsd/chat/topics', { name: 'Matrix' });
    fixture = {
      harness,
      ids,
      sale,
      listingId,
      image,
      supportMessageId: asked.body.id,
      topicId: topic.body.id,
    };
    operations = operationsOf((await harness.client().get('/api/openapi.json')).body);
  });
  afterAll(async () => {
    await harness.close();
  });

  async function clientOf(caller: Caller): Promise<TestClient> {
    return caller === 'visitor' ? harness.client() : signedInClient(harness, fixture.ids[caller]);
  }

  it('has a row for every route of the API, and no row for a route that is gone', () => {
    const routes = operations.map((operation) => `${operation.method} ${operation.path}`).sort();
    expect(routes.filter((route) => !(route in ROWS))).toEqual([]);
    expect(Object.keys(ROWS).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('answers each caller of each route as its row says', { timeout: 180_000 }, async () => {
    const mismatches: string[] = [];
    let checked = 0;
    for (const [route, row] of Object.entries(ROWS)) {
      const method = route.slice(0, route.indexOf(' '));
      for (const caller of CALLERS) {
        const expected = row.expect[caller];
        if (expected === undefined) continue;
        const call = await row.call(fixture, caller);
        const client = await clientOf(caller);
        const response = await client.request(
          method,
          call.path,
          call.json === undefined ? {} : { json: call.json },
        );
        checked += 1;
        if (!matches(expected, response.status))
          mismatches.push(
            `${route} as ${caller}: expected ${expected}, got ${response.status} ${response.text.slice(0, 120)}`,
          );
      }
    }
    expect(checked).toBeGreaterThan(Object.keys(ROWS).length * 5);
    expect(mismatches).toEqual([]);
  });

  it('refuses a caller who may not call a route before it reads their request body', async () => {
    const mismatches: string[] = [];
    let checked = 0;
    for (const [route, row] of Object.entries(ROWS)) {
      const method = route.slice(0, route.indexOf(' '));
      if (!['POST', 'PUT', 'PATCH'].includes(method)) continue;
      for (const caller of ['visitor', 'member'] as const) {
        const expected = row.expect[caller];
        if (expected !== 401 && expected !== 403) continue;
        const { path } = await row.call(fixture, caller);
        const response = await (await clientOf(caller)).request(method, path, { json: 12_345 });
        checked += 1;
        if (response.status !== expected)
          mismatches.push(`${route} as ${caller}: expected ${expected}, got ${response.status}`);
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(mismatches).toEqual([]);
  });
});
