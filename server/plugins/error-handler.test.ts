import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { INPUT_TEXT, SERVER_MESSAGE } from '../../common/messages.js';
import { sqlStateOf } from '../db/sql-state.js';
import { registerErrorHandler } from './error-handler.js';

/** An error as Drizzle throws it: its own wrapper, the driver's error (with the SQLSTATE) as cause. */
function queryError(code: string): Error {
  return Object.assign(new Error('Failed query: select 1\nparams: secret'), {
    query: 'select 1',
    params: ['secret'],
    cause: Object.assign(new Error('driver error'), { code }),
  });
}

async function appThrowing(error: Error) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.post(
    '/fails',
    {
      config: { errorFields: { success: false } },
      schema: {
        response: { 200: z.object({ ok: z.literal(true) }), 400: z.object({ ok: z.literal(true) }) },
      },
    },
    async () => {
      throw error;
    },
  );
  await app.ready();
  return app;
}

describe('the error handler', () => {
  it('finds the SQLSTATE through the wrapper', () => {
    expect(sqlStateOf(queryError('22021'))).toBe('22021');
    expect(sqlStateOf(new Error('plain'))).toBeUndefined();
  });

  it.each(['22021', '22P02', '22003', '54000'])(
    'answers a value the database refuses (%s) with 400',
    async (code) => {
      const app = await appThrowing(queryError(code));
      const response = await app.inject({ method: 'POST', url: '/fails' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message: INPUT_TEXT.unstorable });
    },
  );

  it('answers a statement stopped by its timeout with 503', async () => {
    const app = await appThrowing(queryError('57014'));
    const response = await app.inject({ method: 'POST', url: '/fails' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ success: false, message: INPUT_TEXT.tooSlow });
  });

  it.each(['40P01', '40001'])(
    'answers a transaction that kept conflicting (%s) with 503, never 500',
    async (code) => {
      const app = await appThrowing(queryError(code));
      const response = await app.inject({ method: 'POST', url: '/fails' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ success: false, message: INPUT_TEXT.busy });
    },
  );

  it('keeps other database errors a bare 500', async () => {
    const app = await appThrowing(queryError('23505'));
    const response = await app.inject({ method: 'POST', url: '/fails' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: SERVER_MESSAGE.internal });
  });

  it("never checks an error answer against the route's response schema", async () => {
    const app = await appThrowing(
      Object.assign(new Error('Body is not valid JSON'), {
        statusCode: 400,
        code: 'FST_ERR_CTP_INVALID_JSON_BODY',
      }),
    );
    const response = await app.inject({ method: 'POST', url: '/fails' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({
      success: false,
      message: 'Body is not valid JSON',
      code: 'FST_ERR_CTP_INVALID_JSON_BODY',
    });
  });
});
