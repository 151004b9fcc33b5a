import { getJson, sendJson } from '@client/lib/api';
import { CHECKOUT_TEXT } from '@common/messages';
import type { SandboxPayResponse, SandboxRedirect, SandboxSession } from '@common/schemas/checkout';
import { queryOptions } from '@tanstack/react-query';

export interface CardDetails {
  cardNumber: string;
  expMonth: string;
  expYear: string;
  cvc: string;
}

const base = (sessionId: string) => `/api/sandbox/checkout/${encodeURIComponent(sessionId)}`;

export function sandboxSessionQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: ['sandbox-checkout', sessionId] as const,
    queryFn: () => getJson<SandboxSession>(base(sessionId)),
    staleTime: 0,
  });
}

export function paySandbox(sessionId: string, card: CardDetails): Promise<SandboxPayResponse> {
  return sendJson<SandboxPayResponse>('POST', `${base(sessionId)}/pay`, card);
}

export function authenticateSandbox(sessionId: string, approve: boolean): Promise<SandboxRedirect> {
  return sendJson<SandboxRedirect>('POST', `${base(sessionId)}/authenticate`, { approve });
}

export function cancelSandbox(sessionId: string): Promise<SandboxRedirect> {
  return sendJson<SandboxRedirect>('POST', `${base(sessionId)}/cancel`);
}

/** '4242424242424242' → '4242 4242 4242 4242' while typing (digits only, at most 19). */
const MISSING_FIELD_TEXT: Record<keyof CardDetails, string> = {
  cardNumber: CHECKOUT_TEXT.cardNumberMissing,
  expMonth: CHECKOUT_TEXT.expMonthMissing,
  expYear: CHECKOUT_TEXT.expYearMissing,
  cvc: CHECKOUT_TEXT.cvcMissing,
};

/** The first empty card field, in the form's order, with the words that ask for it. */
export function missingCardField(card: CardDetails): { field: keyof CardDetails; message: string } | null {
  const field = (Object.keys(MISSING_FIELD_TEXT) as (keyof CardDetails)[]).find((name) => !card[name].trim());
  return field ? { field, message: MISSING_FIELD_TEXT[field] } : null;
}

export function formatCardNumber(text: string): string {
  return text
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Sends the browser on (its own object so tests can watch it). */
export const browser = { assign: (url: string) => window.location.assign(url) };
