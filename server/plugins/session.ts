import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '../../common/constants.js';
import { SESSION_TTL_DAYS } from '../../common/constants.js';
import { SERVER_MESSAGE } from '../../common/messages.js';
import type { Db, DbOrTx } from '../db/client.js';
import { sessions, users } from '../db/schema/index.js';
import { Forbidden, Unauthorized } from '../errors.js';
import { batchedReader } from '../lib/batched-reads.js';
import { newToken, sha256 } from '../lib/tokens.js';

export const SESSION_COOKIE = 'encore_session';
const DAY_MS = 86_400_000;

export interface SessionUser {
  id: number;
  username: string;
  role: Role;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionTokenHash: string | null;
  }
}

export interface SessionOptions {
  db: Db;
  secureCookies: boolean;
}

export async function createSession(
  db: DbOrTx,
  reply: FastifyReply,
  userId: number,
  options: { secureCookies: boolean; userAgent?: string; ip?: string },
): Promise<void> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_DAYS * DAY_MS);
  await db.insert(sessions).values({
    tokenHash: sha256(token),
    userId,
    expiresAt,
    userAgent: options.userAgent?.slice(0, 300),
    ip: options.ip,
  });
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secureCookies,
    expires: expiresAt,
  });
}

export async function endSession(db: DbOrTx, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.sessionTokenHash)
    await db.delete(sessions).where(eq(sessions.tokenHash, request.sessionTokenHash));
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Ends every session of a user (after a password reset or a suspension, for instance); answers how many. */
export async function endAllSessions(db: DbOrTx, userId: number): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ userId: sessions.userId });
  return ended.length;
}

/** onRequest: the caller must be signed in (checked before the body is read, so a visitor learns nothing of it). */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new Unauthorized(SERVER_MESSAGE.notAuthenticated);
}

/** onRequest factory: the caller must be signed in with one of `roles`. */
export function requireRole(...roles: Role[]) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.user) throw new Unauthorized(SERVER_MESSAGE.notAuthenticated);
    if (!roles.includes(request.user.role)) throw new Forbidden(SERVER_MESSAGE.forbidden);
  };
}

/** The signed-in user of a request whose route ran `requireUser`. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new Unauthorized(SERVER_MESSAGE.notAuthenticated);
  return request.user;
}

/** Only the API reads `request.user`; static files and the SPA shell must not cost a database query. */
const needsSession = (url: string) => url.startsWith('/api/');

/** Resolves the session cookie to `request.user` on every API request. */
export const sessionPlugin = fp<SessionOptions>(async (app: FastifyInstance, options) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionTokenHash', null);
  // Prepared once (on PostgreSQL each pooled connection parses and plans it once), and read in batches:
  // the sessions of every request that arrived in the same turn cost one round trip (batchedReader).
  const sessionUsers = options.db
    .select({
      tokenHash: sessions.tokenHash,
      id: users.id,
      username: users.username,
      role: users.role,
      suspendedAt: users.suspendedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        sql`${sessions.tokenHash} = any(${sql.placeholder('tokenHashes')})`,
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('session_users');
  const sessionUser = batchedReader(async (tokenHashes: string[]) => {
    const rows = await sessionUsers.execute({ tokenHashes, now: new Date() });
    return new Map(rows.map((row) => [row.tokenHash, row]));
  });
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || !needsSession(request.url)) return;
    const tokenHash = sha256(token);
    const row = await sessionUser(tokenHash);
    if (!row || row.suspendedAt) return;
    request.user = { id: row.id, username: row.username, role: row.role };
    request.sessionTokenHash = tokenHash;
  });
});
