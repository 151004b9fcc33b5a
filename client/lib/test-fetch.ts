import { vi } from 'vitest';

/** Test helpers for code that calls the API: a JSON answer and a fetch stand-in that records the calls. */

/** One request the code under test made; `body` is the parsed JSON body (null when none). */
export interface FetchCall {
  method: string;
  url: string;
  body: unknown;
}

/** An answer as the API sends it: JSON with the given status (and any extra headers). */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/**
 * Replaces the global fetch: `answer` gives each call's response. Returns the calls made, in order; undo it
 * with `vi.unstubAllGlobals()` after each test.
 */
export function fakeApi(answer: (call: FetchCall) => Response | Promise<Response>): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? 'GET',
        url,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : (init.body ?? null),
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}
