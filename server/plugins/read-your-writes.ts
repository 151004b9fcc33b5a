import type { FastifyInstance } from 'fastify';
import type { ReadReplica } from '../db/replica.js';
import { sha256 } from '../lib/tokens.js';
import { SESSION_COOKIE } from './session.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Decision 0095: each request runs as its session's, so that a session that just wrote (any other method)
 * reads the primary, not a replica that may not have its write yet. Visitors read the replica.
 */
export function registerReadYourWrites(app: FastifyInstance, replica: ReadReplica): void {
  const writerOf = (token: string | undefined) => (token ? sha256(token) : null);
  // A callback hook: the rest of the request runs inside `done`, in the session's scope.
  app.addHook('onRequest', (request, _reply, done) => {
    replica.within(writerOf(request.cookies[SESSION_COOKIE]), done);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    const writer = writerOf(request.cookies[SESSION_COOKIE]);
    if (writer && !READS.has(request.method)) replica.wrote(writer);
    done();
  });
}
