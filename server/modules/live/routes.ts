import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { SERVER_MESSAGE } from '../../../common/messages.js';
import { LIVE_HEARTBEAT_MS } from '../../../common/schemas/live.js';
import type { Database } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';
import { TooManyRequests, Unauthorized } from '../../errors.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import { type LiveHub, type LiveStream, READY_EVENT } from './hub.js';
import { parseRoutedNotice, SESSION_HINT_LENGTH } from './notices.js';
import { startOutboxReader } from './outbox.js';

/** How long the browser waits before it reconnects a dropped stream (EventSource's `retry`). */
export const RECONNECT_MS = 3_000;

export interface LiveOptions {
  database: Database;
  hub: LiveHub;
  log: FastifyBaseLogger;
  heartbeatMs?: number;
}

/**
 * Live notices (decisions 0066, 0095): GET /api/live holds one server-sent events stream per signed-in tab;
 * the notices the triggers write to the outbox, read a few times a second by each instance, go to the
 * streams allowed to hear them.
 */
export async function liveRoutes(app: FastifyInstance, options: LiveOptions): Promise<void> {
  const { hub } = options;
  const reader = await startOutboxReader({
    db: options.database.db,
    onNotice: (payload) => {
      const routed = parseRoutedNotice(payload);
      if (routed) hub.deliver(routed);
      else options.log.warn('live: an unreadable notice was dropped');
    },
    onResync: () => {
      options.log.info('live: reading notices again; every stream refetches');
      hub.resync();
    },
    onError: (error) => options.log.warn({ err: error }, 'live: reading the notices failed'),
  });
  const heartbeat = setInterval(() => hub.beat(Date.now()), options.heartbeatMs ?? LIVE_HEARTBEAT_MS);
  heartbeat.unref();
  // Before the server waits for its connections to end: the streams would otherwise keep it open.
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    hub.closeAll();
    await reader.stop();
  });

  app.get('/api/live', { onRequest: requireUser, schema: { hide: true } }, async (request, reply) => {
    const user = currentUser(request);
    const tokenHash = request.sessionTokenHash;
    const [session] = tokenHash
      ? await options.database.db
          .select({ expiresAt: sessions.expiresAt })
          .from(sessions)
          .where(eq(sessions.tokenHash, tokenHash))
      : [];
    if (!tokenHash || !session) throw new Unauthorized(SERVER_MESSAGE.notAuthenticated);
    const raw = reply.raw;
    const stream: LiveStream = {
      memberId: user.id,
      role: user.role,
      sessionHint: tokenHash.slice(0, SESSION_HINT_LENGTH),
      expiresAt: session.expiresAt.getTime(),
      sink: {
        write: (text) => raw.write(text),
        end: () => raw.end(),
        // Shutting down: the connection goes at once (a keep-alive socket would hold the server's close).
        destroy: () => raw.destroy(),
        get buffered() {
          return raw.writableLength;
        },
      },
    };
    // Beyond the limits the tab keeps polling at the spec's intervals.
    if (hub.open(stream) !== 'opened') throw new TooManyRequests(SERVER_MESSAGE.tooManyRequests);
    raw.on('close', () => hub.remove(stream));
    reply.hijack();
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // nginx and similar proxies would otherwise hold the events back in a buffer.
      'x-accel-buffering': 'no',
      // Once a stream ends its connection goes too: a kept-alive one would only hold a server's close.
      connection: 'close',
      'x-content-type-options': 'nosniff',
      'x-request-id': request.id,
    });
    raw.write(`retry: ${RECONNECT_MS}\n\n${READY_EVENT}`);
  });
}
