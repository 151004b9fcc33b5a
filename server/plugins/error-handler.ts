import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { INPUT_TEXT, MONEY_TEXT, SERVER_MESSAGE } from '../../common/messages.js';
import { isPaymentProviderError } from '../adapters/payments/provider-errors.js';
import { isTransactionConflict, sqlStateOf } from '../db/sql-state.js';
import { DomainError } from '../errors.js';

interface ZodIssueLike {
  message: string;
  instancePath?: string;
  params?: { issue?: { path?: PropertyKey[] } };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Fields a route adds to every error answer, so its failures keep the route's documented shape (the
     * upload answers { success: false, message }): `config: { errorFields: { success: false } }`.
     */
    errorFields?: Record<string, unknown>;
  }
}

function fieldOf(issue: ZodIssueLike): string {
  const path = issue.params?.issue?.path;
  if (path && path.length > 0) return path.map(String).join('.');
  return (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
}

/**
 * What the multipart parser (busboy) throws on a body that does not follow its own content type: a missing,
 * empty, too long or wrong boundary, or a body cut off before its closing boundary. These are plain errors
 * without a status, so they are recognised by their text.
 */
const MULTIPART_PARSER_ERRORS = [
  'Multipart: Boundary not found',
  'Unexpected end of multipart data',
  'terminated early due to unexpected end of multipart data',
  'The needle cannot',
  'Unsupported Content-Type.',
  'Malformed part header',
];

function isMultipartParserError(error: Error, request: FastifyRequest): boolean {
  const contentType = String(request.headers['content-type'] ?? '').toLowerCase();
  if (!contentType.startsWith('multipart/')) return false;
  if ((error as FastifyError).statusCode !== undefined) return false;
  return MULTIPART_PARSER_ERRORS.some((text) => error.message.includes(text));
}

/**
 * Database answers caused by the value a client sent rather than by the server: class 22 (data exception:
 * a NUL byte, a number out of range, text that is not a number) and 54000 (a value too large for an
 * index). The shared schemas refuse such input first; this keeps any route that misses a bound at 400.
 */
function isUnstorableValue(state: string): boolean {
  return state.startsWith('22') || state === '54000';
}

/**
 * The one error handler: domain errors keep their status and message, validation
 * failures answer 400 naming the problem in words, Fastify's own client errors (bad JSON,
 * unsupported media type, a broken multipart body, body too large) keep their 4xx, a payment provider's
 * failure answers 502 in Encore's words (never the provider's status or text), a database
 * statement stopped by its timeout or a transaction that kept deadlocking answers 503, and anything
 * unexpected answers a bare 500 and is logged with its stack. Error answers are serialised as they are, never against the route's response
 * schema, so an error can never turn into FST_ERR_RESPONSE_SERIALIZATION.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    reply.type('application/json; charset=utf-8').serializer((payload: unknown) => JSON.stringify(payload));
    const extra = request.routeOptions.config?.errorFields ?? {};
    if (error instanceof DomainError) {
      return reply.status(error.statusCode).send({ ...extra, message: error.message, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation as unknown as ZodIssueLike[];
      const fieldErrors: Record<string, string> = {};
      for (const issue of issues) {
        const field = fieldOf(issue);
        if (field && !fieldErrors[field]) fieldErrors[field] = issue.message;
      }
      const first = issues[0];
      const message = first ? first.message : 'Invalid request';
      return reply.status(400).send({ ...extra, message, code: 'VALIDATION', fieldErrors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ message: SERVER_MESSAGE.internal });
    }
    if (isMultipartParserError(error, request)) {
      return reply.status(400).send({ ...extra, message: INPUT_TEXT.malformedMultipart, code: 'MULTIPART' });
    }
    if (isPaymentProviderError(error)) {
      // The provider's status and text are for the logs only; the member reads Encore's (decision 0079).
      request.log.warn({ err: error }, 'the payment provider failed');
      return reply.status(502).send({ ...extra, message: MONEY_TEXT.providerFailed });
    }
    const state = sqlStateOf(error);
    if (state === '57014') {
      request.log.warn({ err: error }, 'database statement timed out');
      return reply.status(503).send({ ...extra, message: INPUT_TEXT.tooSlow });
    }
    if (isTransactionConflict(error)) {
      // Still conflicting after the retries of db/retry-transactions.ts: the sale is busy, not broken.
      request.log.warn({ err: error }, 'transaction kept conflicting with others');
      return reply.status(503).send({ ...extra, message: INPUT_TEXT.busy });
    }
    if (state === '55P03') {
      request.log.warn({ err: error }, 'waited too long for a row lock');
      return reply.status(429).send({ ...extra, message: INPUT_TEXT.tooManyAtOnce });
    }
    if (state && isUnstorableValue(state)) {
      request.log.warn({ err: error }, 'database refused a value');
      return reply.status(400).send({ ...extra, message: INPUT_TEXT.unstorable });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ message: SERVER_MESSAGE.internal });
    }
    if (status === 429) return reply.status(429).send({ ...extra, message: SERVER_MESSAGE.tooManyRequests });
    // Fastify's own 4xx answers (bad JSON, body too large, unsupported media type) are safe to show.
    return reply.status(status).send({ ...extra, message: error.message, code: error.code });
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      return reply
        .status(404)
        .send({ message: `No such API route: ${request.method} ${request.url.split('?')[0]}` });
    }
    return reply.status(404).send({ message: SERVER_MESSAGE.notFound });
  });
}
