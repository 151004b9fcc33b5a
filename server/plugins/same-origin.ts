import type { FastifyInstance } from 'fastify';
import { SERVER_MESSAGE } from '../../common/messages.js';
import { Forbidden } from '../errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cookies ride along on cross-site requests, so a mutating request that names a
 * foreign Origin is refused. Requests without an Origin (curl, server-to-server,
 * same-origin navigations in old browsers) carry no ambient browser credentials risk.
 */
export function registerSameOriginGuard(app: FastifyInstance, appUrl: string): void {
  const appOrigin = new URL(appUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin) return;
    const requestOrigin = `${request.protocol}://${request.headers.host ?? ''}`;
    if (origin !== appOrigin && origin !== requestOrigin) throw new Forbidden(SERVER_MESSAGE.crossOrigin);
  });
}
