import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { SANDBOX_CHECKOUT_TEXT } from '../common/messages';
import { centsToDollars, dollarsToCents } from '../common/money';
import { ticketImagePng } from './helpers';

function daysFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Lists two seats 30 days away through the API as the signed-in seller of `request`: a digital Ticketmaster
 * ticket, or a paper one (which carries no platform).
 */
export async function listTicketThroughApi(
  request: APIRequestContext,
  eventName: string,
  kind: 'ticketmaster' | 'paper' = 'ticketmaster',
  /** Form fields to change: a catalog event's `eventId` and `eventDate`, another `faceValue`, say. */
  overrides: Record<string, string> = {},
): Promise<number> {
  const upload = await request.post('/api/upload/direct', {
    multipart: { image: { name: 'ticket.png', mimeType: 'image/png', buffer: await ticketImagePng() } },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const image = (await upload.json()) as { cloudinaryUrl: string; cloudinaryPublicId: string };
  const created = await request.post('/api/tickets', {
    data: {
      eventName,
      eventDate: daysFromToday(30),
      description: `${eventName} at Riverside Arena, Portland`,
      venue: 'Riverside Arena',
      section: '104',
      row: 'F',
      seats: '7, 8',
      quantity: '2',
      faceValue: '80.00',
      serviceFee: '10.00',
      markup: '10',
      ...(kind === 'paper' ? { ticketType: 'paper' } : { ticketType: 'digital', platform: 'ticketmaster' }),
      isMultiDay: 'false',
      daysCount: '1',
      ...image,
      ...overrides,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/** Buys `ticketId` through the real hold, checkout and sandbox card, as the signed-in buyer of `request`. */
export async function buyThroughSandbox(request: APIRequestContext, ticketId: number): Promise<void> {
  const lock = await request.post(`/api/tickets/${ticketId}/lock`);
  expect(lock.ok(), await lock.text()).toBe(true);
  const { version } = (await lock.json()) as { version: number };
  const ticket = (await (await request.get(`/api/tickets/${ticketId}`)).json()) as { buyerPays: number };
  const payment = await request.post(`/api/tickets/${ticketId}/payment`, {
    data: { amount: centsToDollars(dollarsToCents(ticket.buyerPays)), version },
  });
  expect(payment.ok(), await payment.text()).toBe(true);
  const sessionId = new URL(((await payment.json()) as { url: string }).url).pathname.split('/').at(-1);
  const paid = await request.post(`/api/sandbox/checkout/${sessionId}/pay`, {
    data: { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2031, cvc: '123' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
}

/** Pays on the sandbox's hosted checkout page with `cardNumber`, as a buyer would type it. */
export async function payInSandbox(page: Page, cardNumber: string) {
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByLabel(SANDBOX_CHECKOUT_TEXT.cardNumber).fill(cardNumber);
  await page.getByLabel(SANDBOX_CHECKOUT_TEXT.expMonth).fill('12');
  await page.getByLabel(SANDBOX_CHECKOUT_TEXT.expYear).fill('2031');
  await page.getByLabel(SANDBOX_CHECKOUT_TEXT.cvc).fill('123');
  await page.getByRole('button', { name: new RegExp(`^${SANDBOX_CHECKOUT_TEXT.pay}`) }).click();
}

/** Saves a sandbox card for the member of `request`, as the card form would; answers its id. */
export async function saveCardThroughApi(request: APIRequestContext, cardNumber: string): Promise<string> {
  const intent = await request.post('/api/payment-methods/setup-intent');
  expect(intent.ok(), await intent.text()).toBe(true);
  const { setupIntentId, clientSecret } = (await intent.json()) as {
    setupIntentId: string;
    clientSecret: string;
  };
  const confirmed = await request.post(`/api/sandbox/setup-intents/${setupIntentId}/confirm`, {
    data: { clientSecret, cardNumber, expMonth: 12, expYear: 2035, cvc: '123' },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  return ((await confirmed.json()) as { paymentMethodId: string }).paymentMethodId;
}
