import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { SERVER_MESSAGE } from '../../common/messages.js';
import { DomainError } from '../errors.js';

interface ZodIssueLike {
  message: string;
  instancePath?: string;
  params?: { issue?: { path?: PropertyKey[] } };
}

function fieldOf(issue: ZodIssueLike): string {
  const path = issue.params?.issue?.path;
  if (path && path.length > 0) return path.map(String).join('.');
  return (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
}

/**
 * The one error handler: domain errors keep their status and message, validation
 * failures answer 400 naming the problem in words, anything unexpected answers a
 * bare 500 and is logged with its stack.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      return reply.status(error.statusCode).send({ message: error.message, ...error.extra });
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
      return reply.status(400).send({ message, code: 'VALIDATION', fieldErrors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ message: SERVER_MESSAGE.internal });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ message: SERVER_MESSAGE.internal });
    }
    if (status === 429) return reply.status(429).send({ message: SERVER_MESSAGE.tooManyRequests });
    // Fastify's own 4xx answers (bad JSON, body too large, unsupported media type) are safe to show.
    return reply.status(status).send({ message: error.message, code: error.code });
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
