import type { FastifyRequest } from 'fastify';

/**
 * What the app logs, and how much of it (decision 0007): no statement parameters (a registering user's
 * password hash was once logged with a failed insert), no cookies or passwords, and no field longer than
 * MAX_LOGGED_CHARS (a 1 MB username once made a 3 MB log line).
 */
export const MAX_LOGGED_CHARS = 2_000;
const MAX_STACK_FRAMES = 20;
const MAX_DEPTH = 4;

/** `text` cut to `max` characters, saying how much was left out. */
export function capText(text: string, max = MAX_LOGGED_CHARS): string {
  return text.length > max ? `${text.slice(0, max)}… [${text.length - max} more characters]` : text;
}

/** Every string inside `value` capped; arrays and objects kept to a bounded size and depth. */
export function capStrings(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return capText(value);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return value;
  if (depth >= MAX_DEPTH) return '[nested too deep]';
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => capStrings(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value).slice(0, 50)) out[key] = capStrings(item, depth + 1);
  return out;
}

/** Properties of driver and Fastify errors that name the problem without carrying the values involved. */
const SAFE_ERROR_FIELDS = [
  'code',
  'statusCode',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'routine',
] as const;

/**
 * pino's `err` serializer: type, message, stack frames, the safe fields and the cause. A failed Drizzle
 * query (its message and `params` hold the statement's values) is logged as its statement only, and a
 * PostgreSQL error's `detail` (it quotes the offending value) is left out.
 */
export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: capText(String(error)), stack: '' };
  const type = error.constructor?.name || error.name;
  const isQueryError = 'query' in error && 'params' in error;
  const query = isQueryError ? capText(String((error as { query: unknown }).query)) : undefined;
  const message = query !== undefined ? `Failed query: ${query}` : capText(error.message);
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .slice(0, MAX_STACK_FRAMES);
  const out: SerializedError = { type, message, stack: [`${type}: ${message}`, ...frames].join('\n') };
  if (query !== undefined) {
    out.query = query;
    const params = (error as unknown as { params: unknown }).params;
    if (Array.isArray(params)) out.paramCount = params.length;
  }
  for (const field of SAFE_ERROR_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = capStrings(value);
  }
  if (error.cause !== undefined && depth < MAX_DEPTH) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

/** pino's `req` serializer: the request line with its URL capped, no headers. */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: capText(request.url ?? '', 500),
    remoteAddress: request.ip,
  };
}

/** Logger options of the app: the serializers above, and secrets redacted wherever they appear. */
export function loggerOptions(level: string) {
  return {
    level,
    serializers: {
      err: (error: Error) => serializeError(error),
      error: (error: Error) => serializeError(error),
      req: serializeRequest,
    },
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'params',
        '*.params',
        'password',
        '*.password',
        'newPassword',
        '*.newPassword',
        'passwordHash',
        '*.passwordHash',
      ],
      censor: '[redacted]',
    },
    formatters: { log: (object: Record<string, unknown>) => capStrings(object) as Record<string, unknown> },
  };
}
