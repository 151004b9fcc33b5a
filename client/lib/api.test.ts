import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, authRequest, getJson, sendJson } from './api';

function answer(status: number, statusText: string, body: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status, statusText })),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('api error texts (spec 000 §7)', () => {
  it("uses '{status}: {status text}' for 500 and above, hiding the body", async () => {
    answer(503, 'Service Unavailable', '{"message":"database is down"}');
    const error = await getJson('/api/anything').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('503: Service Unavailable');
    expect((error as ApiError).status).toBe(503);
  });

  it("uses '{status}: {body text}' below 500", async () => {
    answer(404, 'Not Found', '{"message":"Ticket not found"}');
    const error = (await getJson('/api/tickets/9').catch((caught: unknown) => caught)) as ApiError;
    expect(error.message).toBe('404: {"message":"Ticket not found"}');
    expect(error.serverMessage).toBe('Ticket not found');
  });

  it('keeps a plain-text body as it is', async () => {
    answer(409, 'Conflict', 'Someone else is viewing this ticket');
    const error = (await sendJson('POST', '/api/tickets/1/lock').catch(
      (caught: unknown) => caught,
    )) as ApiError;
    expect(error.message).toBe('409: Someone else is viewing this ticket');
    expect(error.serverMessage).toBeUndefined();
  });

  it('sends credentials with every call', async () => {
    answer(200, 'OK', '{"ok":true}');
    await getJson('/api/user');
    expect(vi.mocked(fetch).mock.calls[0]?.[1]).toMatchObject({ credentials: 'include' });
  });
});

describe('login/logout/register helper (spec 000 §7)', () => {
  it('merges ok=true with the answer on success', async () => {
    answer(200, 'OK', '{"userId":7,"requiresVerification":true}');
    await expect(authRequest('/api/login', { username: 'maya', password: 'x' })).resolves.toEqual({
      ok: true,
      userId: 7,
      requiresVerification: true,
    });
  });

  it('gives the status text for 500 and above', async () => {
    answer(500, 'Internal Server Error', '{"message":"stack trace"}');
    await expect(authRequest('/api/logout')).resolves.toEqual({
      ok: false,
      status: 500,
      message: 'Internal Server Error',
    });
  });

  it("gives the server's message below 500", async () => {
    answer(401, 'Unauthorized', '{"message":"Invalid username or password"}');
    await expect(authRequest('/api/login', {})).resolves.toEqual({
      ok: false,
      status: 401,
      message: 'Invalid username or password',
    });
  });
});
