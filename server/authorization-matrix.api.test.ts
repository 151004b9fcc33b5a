import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, signedInClient, type TestAccount } from './modules/auth/testing.js';
import { buySoldTicket } from './modules/messages/testing.js';
import { backends, startTestApp, type TestApp, type TestClient } from './test/harness.js';

/**
 * Issue 22 §5: who may call what. One row per route of /api/openapi.json with what a visitor, a member who
 * is no party to the resource, the owner or party (where there is one), an ambassador and an admin get. A
 * number is the exact status; 'ok' means the caller is let in (neither 401 nor 403, and no 5xx: a 400 for the
 * empty body or a 404/409 for the state of the resource still proves the door opened). A route without a row
 * fails the test, so a new route has to say who may call it.
 */
type Outcome = number | 'ok';
type Party = 'seller' | 'buyer' | 'asker';
interface Row {
  visitor: Outcome;
  member: Outcome;
  owner?: { as: Party; gets: Outcome };
  ambassador: Outcome;
  admin: Outcome;
}

/** Anyone, signed in or not (rate-limited sign-in and recovery forms, the public catalogue). */
const PUBLIC: Row = { visitor: 'ok', member: 'ok', ambassador: 'ok', admin: 'ok' };
/** Any signed-in user, for their own things. */
const SIGNED_IN: Row = { visitor: 401, member: 'ok', ambassador: 'ok', admin: 'ok' };
const ADMINS: Row = { visitor: 401, member: 403, ambassador: 403, admin: 'ok' };
const AMBASSADORS: Row = { visitor: 401, member: 403, ambassador: 'ok', admin: 'ok' };
/** A sold ticket's parties only; a stranger learns nothing (404), an admin may read. */
const party = (as: Party, stranger: Outcome, admin: Outcome): Row => ({
  visitor: 401,
  member: stranger,
  owner: { as, gets: 'ok' },
  ambassador: stranger,
  admin,
});

const AUTHORIZATION_MATRIX: Record<string, Row> = {
  'GET /api/health': PUBLIC,
  'GET /api/session': PUBLIC,
  'POST /api/register': PUBLIC,
  'POST /api/login': PUBLIC,
  'POST /api/logout': PUBLIC,
  'POST /api/verify-login': PUBLIC,
  'POST /api/verify-login/resend': PUBLIC,
  'GET /api/verify-email/{token}': PUBLIC,
  'POST /api/request-password-reset': PUBLIC,
  'POST /api/request-username-recovery': PUBLIC,
  'GET /api/reset-password/{token}': PUBLIC,
  'POST /api/reset-password/{token}': PUBLIC,
  'POST /api/subscribe': PUBLIC,
  'GET /api/tickets': PUBLIC,
  'GET /api/search/suggestions': PUBLIC,
  'GET /api/concerts/search': PUBLIC,
  'GET /api/artists/info': PUBLIC,
  'GET /api/artists/{id}/image': PUBLIC,

  'GET /api/user': SIGNED_IN,
  'PATCH /api/user': SIGNED_IN,
  'GET /api/notifications': SIGNED_IN,
  'GET /api/my-tickets': SIGNED_IN,
  'GET /api/payouts': SIGNED_IN,
  'POST /api/payouts/onboarding': SIGNED_IN,
  'POST /api/tickets': SIGNED_IN,
  'POST /api/upload/direct': SIGNED_IN,
  'GET /api/images/{publicId}': SIGNED_IN,
  'GET /api/reviews/pending': SIGNED_IN,
  'POST /api/reviews': SIGNED_IN,
  'DELETE /api/reviews/{transactionId}/pending': SIGNED_IN,
  'GET /api/users/{id}/reviews': SIGNED_IN,
  'POST /api/purchase/complete': SIGNED_IN,
  'POST /api/purchase/verify/{session_id}': SIGNED_IN,
  'POST /api/complete-purchase-safari': SIGNED_IN,
  'GET /api/sandbox/checkout/{sessionId}': SIGNED_IN,
  'POST /api/sandbox/checkout/{sessionId}/pay': SIGNED_IN,
  'POST /api/sandbox/checkout/{sessionId}/authenticate': SIGNED_IN,
  'POST /api/sandbox/checkout/{sessionId}/cancel': SIGNED_IN,
  // Holds and payment on someone else's ticket are what buyers do; this one is sold, so the state refuses.
  'POST /api/tickets/{id}/lock': SIGNED_IN,
  'POST /api/tickets/{id}/lock/extend': SIGNED_IN,
  'POST /api/tickets/{id}/unlock': SIGNED_IN,
  'POST /api/tickets/{id}/payment': SIGNED_IN,
  'POST /api/tickets/barcode/upload': SIGNED_IN,

  // A ticket's details are for anyone signed in (the ticket page).
  'GET /api/tickets/{id}': SIGNED_IN,
  // Editing a listing: the form body is checked before who asks, so an empty body is a 400 for everyone
  // signed in; who may edit is covered with real bodies in tickets.api.test.ts.
  'POST /api/tickets/{id}': { visitor: 401, member: 400, ambassador: 400, admin: 400 },
  'PATCH /api/tickets/{id}': { visitor: 401, member: 400, ambassador: 400, admin: 400 },
  // A sold listing is no longer the seller's to change, and never anyone else's.
  'DELETE /api/tickets/{id}': { ...party('seller', 403, 403), owner: { as: 'seller', gets: 403 } },
  'POST /api/tickets/{id}/start-edit': { ...party('seller', 403, 403), owner: { as: 'seller', gets: 403 } },
  'POST /api/tickets/{id}/end-edit': party('seller', 403, 403),
  // The sale's two parties.
  'GET /api/tickets/{id}/messages': party('buyer', 404, 'ok'),
  'POST /api/tickets/{id}/messages': party('buyer', 404, 'ok'),
  'POST /api/tickets/{id}/initiate-transfer': party('seller', 403, 403),
  'GET /api/tickets/{id}/buyer-transfer-info': party('seller', 403, 403),
  'POST /api/tickets/{id}/complete-transfer': party('buyer', 403, 403),
  'POST /api/tickets/{id}/report-problem': party('buyer', 403, 403),
  'DELETE /api/tickets/{id}/barcode': party('seller', 404, 403),
  'GET /api/tickets/{id}/barcode/download': party('buyer', 404, 404),

  // Customer support (decision 0038).
  'GET /api/admin-messages': SIGNED_IN,
  'POST /api/admin-messages': SIGNED_IN,
  'PUT /api/admin-messages/read': SIGNED_IN,
  'POST /api/admin-messages/{id}/follow-up': {
    visitor: 401,
    member: 404,
    owner: { as: 'asker', gets: 'ok' },
    ambassador: 404,
    admin: 403,
  },
  'POST /api/admin-messages/{id}/reply': ADMINS,
  'PUT /api/admin-messages/{id}/status': ADMINS,

  // The ambassadors' chat and attendee search (decision 0038).
  'GET /api/ambsd/chat/topics': AMBASSADORS,
  'POST /api/ambsd/chat/topics': AMBASSADORS,
  'GET /api/ambsd/chat/topics/{id}/messages': AMBASSADORS,
  'POST /api/ambsd/chat/topics/{id}/messages': AMBASSADORS,
  'GET /api/ambsd/event-attendees': AMBASSADORS,
};

/**
 * Valid bodies (and queries): a body is checked before the session, so an invalid one would answer 400 before
 * the rights are asked.
 */
const CARD = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2031, cvc: '123' };
const REQUESTS: Record<string, { body?: unknown; query?: string }> = {
  'POST /api/tickets/{id}/payment': { body: { amount: 1, version: 1 } },
  'POST /api/purchase/complete': { body: { sessionId: 'cs_unknown' } },
  'POST /api/complete-purchase-safari': { query: '?session_id=cs_unknown' },
  'POST /api/sandbox/checkout/{sessionId}/pay': { body: CARD },
  'POST /api/sandbox/checkout/{sessionId}/authenticate': { body: { approve: true } },
  'POST /api/tickets/{id}/messages': { body: { content: 'Hello' } },
  'POST /api/tickets/{id}/report-problem': { body: { reason: 'The ticket never arrived' } },
  'POST /api/admin-messages': { body: { topic: 'other', message: 'A question for the support team' } },
  'PUT /api/admin-messages/read': { body: { topic: 'tickets' } },
  'POST /api/admin-messages/{id}/follow-up': { body: { message: 'Any news?' } },
  'POST /api/admin-messages/{id}/reply': { body: { message: 'On its way', adminId: 1 } },
  'PUT /api/admin-messages/{id}/status': { body: { resolved: false } },
  'POST /api/ambsd/chat/topics': { body: { name: 'Matrix' } },
  'POST /api/ambsd/chat/topics/{id}/messages': { body: { content: 'Hello' } },
  'GET /api/ambsd/event-attendees': { query: '?query=zz' },
};

function admitted(status: number): boolean {
  return status !== 401 && status !== 403 && status < 500;
}

describe.each(backends)('authorization matrix on %s', (backend) => {
  let harness: TestApp;
  let seller: TestAccount;
  let buyer: TestAccount;
  let stranger: TestAccount;
  let ambassador: TestAccount;
  let admin: TestAccount;
  let ticketId: number;
  let supportMessageId: number;
  let topicId: number;
  let routes: string[];

  beforeAll(async () => {
    harness = await startTestApp(backend);
    const db = harness.database.db;
    seller = await createTestUser(db);
    buyer = await createTestUser(db);
    stranger = await createTestUser(db);
    ambassador = await createTestUser(db, { role: 'AMBSD' });
    admin = await createTestUser(db, { role: 'admin' });
    ticketId = await buySoldTicket(harness, seller.id, await signedInClient(harness, buyer.id));
    const asked = await (await signedInClient(harness, buyer.id)).post('/api/admin-messages', {
      topic: 'tickets',
      message: 'Where is my ticket?',
    });
    supportMessageId = asked.body.id;
    const topic = await (await signedInClient(harness, ambassador.id)).post('/api/ambsd/chat/topics', {
      name: 'Matrix',
    });
    topicId = topic.body.id;
    const spec = (await harness.client().get('/api/openapi.json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    routes = Object.entries(spec.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
  });
  afterAll(async () => {
    await harness.close();
  });

  /** The route with its parameters filled in: this sale's ticket, the buyer's support message, the topic. */
  function concrete(path: string): string {
    const id = path.startsWith('/api/admin-messages')
      ? supportMessageId
      : path.startsWith('/api/ambsd')
        ? topicId
        : path.startsWith('/api/users')
          ? seller.id
          : ticketId;
    return path
      .replace('{id}', String(id))
      .replace('{transactionId}', '2147483647')
      .replace(/\{\w+\}/g, 'unknown');
  }

  async function clientFor(who: 'visitor' | 'member' | 'ambassador' | 'admin' | Party): Promise<TestClient> {
    const accounts = { member: stranger, ambassador, admin, seller, buyer, asker: buyer };
    if (who === 'visitor') return harness.client();
    return signedInClient(harness, accounts[who].id);
  }

  async function call(route: string, client: TestClient) {
    const [method = 'GET', path = '/'] = route.split(' ');
    const request = REQUESTS[route] ?? {};
    const hasBody = method !== 'GET' && method !== 'DELETE';
    const json = request.body ?? (hasBody ? {} : undefined);
    return client.request(
      method,
      `${concrete(path)}${request.query ?? ''}`,
      json === undefined ? {} : { json },
    );
  }

  it('has a row for every route of the API, and no row for a route that is gone', () => {
    expect(routes.filter((route) => !AUTHORIZATION_MATRIX[route])).toEqual([]);
    expect(Object.keys(AUTHORIZATION_MATRIX).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('gives each caller what its row says', async () => {
    const wrong: string[] = [];
    for (const [route, row] of Object.entries(AUTHORIZATION_MATRIX)) {
      const cases: [string, Outcome, Parameters<typeof clientFor>[0]][] = [
        ['visitor', row.visitor, 'visitor'],
        ['member', row.member, 'member'],
        ['ambassador', row.ambassador, 'ambassador'],
        ['admin', row.admin, 'admin'],
      ];
      if (row.owner) cases.push([row.owner.as, row.owner.gets, row.owner.as]);
      for (const [who, expected, as] of cases) {
        const response = await call(route, await clientFor(as));
        const ok = expected === 'ok' ? admitted(response.status) : response.status === expected;
        if (!ok) wrong.push(`${route} as ${who}: expected ${expected}, got ${response.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
