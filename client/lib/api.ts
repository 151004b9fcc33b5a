import { finishPendingSignOut } from '../pwa/kept-data';

/**
 * The client's one way to call the API (spec 000 §7): every call sends credentials,
 * and a non-OK answer becomes an Error whose text is '{status}: {status text}' for
 * 5xx or '{status}: {body text}' otherwise.
 */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The parsed JSON body when there was one (e.g. { message, currentVersion }). */
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The server's own `message` field, when the body carried one. */
  get serverMessage(): string | undefined {
    const body = this.body as { message?: unknown; error?: unknown } | null;
    if (body && typeof body.message === 'string') return body.message;
    if (body && typeof body.error === 'string') return body.error;
    return undefined;
  }
}

async function errorFrom(response: Response): Promise<ApiError> {
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  const message =
    response.status >= 500 ? `${response.status}: ${response.statusText}` : `${response.status}: ${text}`;
  return new ApiError(response.status, message, body);
}

export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(path, { credentials: 'include', ...init });
  if (!response.ok) throw await errorFrom(response);
  return response;
}

async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** GET read as JSON. */
export async function getJson<T>(path: string): Promise<T> {
  return readJson<T>(await apiFetch(path, { headers: { accept: 'application/json' } }));
}

/** A JSON request (POST, PATCH, PUT, DELETE). `body` undefined sends no body. */
export async function sendJson<T>(method: string, path: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method, headers: { accept: 'application/json' } };
  if (body !== undefined) {
    init.headers = { ...init.headers, 'content-type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  return readJson<T>(await apiFetch(path, init));
}

/** Multipart form (uploads, ticket forms). */
export async function sendForm<T>(method: string, path: string, form: FormData): Promise<T> {
  return readJson<T>(await apiFetch(path, { method, body: form, headers: { accept: 'application/json' } }));
}

export type AuthHelperResult<T = Record<string, unknown>> =
  | ({ ok: true } & T)
  | {
      ok: false;
      message: string;
      status: number;
      /** Where a suspended member can write to support without signing in (decision 0078). */
      supportEmail?: string;
    };

/**
 * The login/logout/register helper of spec 000 §7: success merges ok=true with the
 * response JSON; failure returns the status text for 5xx, otherwise the response text
 * (the `message` of a JSON body when there is one).
 */
export async function authRequest<T = Record<string, unknown>>(
  path: string,
  body?: unknown,
): Promise<AuthHelperResult<T>> {
  // A sign-out made offline ends the old session first, so that no sign-in happens under its cookie (0098).
  if (path !== '/api/logout' && !(await finishPendingSignOut()))
    return { ok: false, status: 0, message: 'Network connection error' };
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'include',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, message: 'Network connection error' };
  }
  const text = await response.text();
  if (response.ok) {
    const json = text ? (JSON.parse(text) as T) : ({} as T);
    return { ok: true, ...json };
  }
  if (response.status >= 500)
    return { ok: false, status: response.status, message: response.statusText || 'Server error' };
  let message = text;
  let supportEmail: string | undefined;
  try {
    const parsed = JSON.parse(text) as { message?: string; supportEmail?: unknown };
    if (typeof parsed.message === 'string') message = parsed.message;
    if (typeof parsed.supportEmail === 'string') supportEmail = parsed.supportEmail;
  } catch {
    // plain-text body: use it as it is
  }
  return { ok: false, status: response.status, message, ...(supportEmail ? { supportEmail } : {}) };
}
