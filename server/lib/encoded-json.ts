import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** JSON answers this large or larger are sent compressed to clients that accept it (app.ts uses it too). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Brotli for an answer compressed as it is sent (decision 0105): quality 2 took about half quality 5's CPU
 * on a search answer (a 22 KB marketplace page: 40 against 85 µs, 1.3 against 1.1 KB), where a search of
 * distinct queries compresses every answer once. app.ts gives @fastify/compress the same.
 */
export const ANSWER_BROTLI_PARAMS = {
  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  [constants.BROTLI_PARAM_QUALITY]: 2,
};

type Encoding = 'br' | 'gzip';

/**
 * A JSON answer serialized once, its br and gzip copies made on first demand: a shared answer (decision
 * 0023) then costs each request no serialization and no compression, only the copy its client accepts.
 */
export class EncodedJson {
  private readonly copies = new Map<Encoding, Buffer>();
  readonly body: Buffer;

  constructor(json: string) {
    this.body = Buffer.from(json);
  }

  copy(encoding: Encoding): Buffer {
    let copy = this.copies.get(encoding);
    if (!copy) {
      copy =
        encoding === 'br'
          ? brotliCompressSync(this.body, {
              params: { ...ANSWER_BROTLI_PARAMS, [constants.BROTLI_PARAM_SIZE_HINT]: this.body.length },
            })
          : gzipSync(this.body);
      this.copies.set(encoding, copy);
    }
    return copy;
  }
}

/**
 * The route's own response serializer (the zod schema checks and encodes the value, as for any answer),
 * applied once: what it returns is sent as is.
 */
export function jsonSerializer<S extends z.ZodType>(
  schema: S,
  route: { method: string; url: string },
): (value: z.input<S>) => EncodedJson {
  const serialize = serializerCompiler({ schema, method: route.method, url: route.url, httpStatus: '200' });
  return (value) => new EncodedJson(serialize(value) as string);
}

/** br if the client accepts it, else gzip, else none; a zero q-value refuses (RFC 9110 §12.5.3). */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [token = '', ...parameters] = part.split(';');
    const q = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(token.trim().toLowerCase());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/** Sends a serialized answer, compressed as @fastify/compress would (which leaves an encoded body alone). */
export function sendEncodedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: EncodedJson,
): FastifyReply {
  reply.type('application/json; charset=utf-8');
  if (answer.body.length < COMPRESS_THRESHOLD_BYTES) return reply.send(answer.body);
  reply.header('vary', 'accept-encoding');
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(answer.body);
  reply.header('content-encoding', encoding);
  return reply.send(answer.copy(encoding));
}
