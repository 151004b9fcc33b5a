import {
  type Browser,
  type BrowserContextOptions,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { MESSAGE_TEXT, MY_TICKETS_TEXT } from '../common/messages';
import { newParty } from './helpers';
import { buyThroughSandbox, listTicketThroughApi } from './sale-helpers';

/** The two parties of a sale, each in a context of their own (on one instance, or each on its own). */
export interface LiveSale {
  seller: Page;
  buyer: Page;
  ticketId: number;
}

/** A seller and a buyer, signed up in `sellerAt` and `buyerAt`, and a ticket sold between them. */
export async function liveSale(
  browser: Browser,
  eventName: string,
  sellerAt: BrowserContextOptions = {},
  buyerAt: BrowserContextOptions = {},
): Promise<LiveSale> {
  const seller = await newParty(browser, sellerAt);
  const buyer = await newParty(browser, buyerAt);
  const ticketId = await listTicketThroughApi(seller.page.request, eventName);
  await buyThroughSandbox(buyer.page.request, ticketId);
  return { seller: seller.page, buyer: buyer.page, ticketId };
}

/** Opens `pathname` and waits until its live stream has answered. */
export async function openWithStream(page: Page, pathname: string): Promise<void> {
  const streamReady = page.waitForResponse((response) => response.url().endsWith('/api/live'));
  await page.goto(pathname);
  expect((await streamReady).status()).toBe(200);
}

/**
 * Waits for `shown` with nothing but the stream to bring it (no reload, no focus; the page's polling is off
 * while its stream is open). The goal is 1 s; the bound leaves room for a busy CI machine, and the report
 * keeps the time taken.
 */
async function expectShownLive(shown: Locator): Promise<void> {
  const started = Date.now();
  await expect(shown).toBeVisible({ timeout: 2_000 });
  test.info().annotations.push({ type: 'shown after', description: `${Date.now() - started} ms` });
}

/** The seller initiates the transfer; the buyer's open My Tickets shows Confirm Receipt by itself. */
export async function expectTransferShownLive({ seller, buyer, ticketId }: LiveSale): Promise<void> {
  await openWithStream(buyer, '/my-tickets');
  const buyerCard = buyer.getByTestId(`my-ticket-${ticketId}`);
  await expect(buyerCard).toBeVisible();
  const confirmReceipt = buyerCard.getByRole('button', { name: MY_TICKETS_TEXT.confirmReceipt });
  await expect(confirmReceipt).toBeHidden();
  const initiated = await seller.request.post(`/api/tickets/${ticketId}/initiate-transfer`);
  expect(initiated.status()).toBe(200);
  await expectShownLive(confirmReceipt);
}

/** The buyer writes to the seller; the seller's open thread shows it by itself. */
export async function expectMessageShownLive(
  { seller, buyer, ticketId }: LiveSale,
  text: string,
): Promise<void> {
  await openWithStream(seller, '/my-tickets');
  const card = seller.getByTestId(`my-ticket-${ticketId}`);
  await card.getByRole('button', { name: MY_TICKETS_TEXT.messages, exact: true }).click();
  const thread = card.getByRole('log', { name: MESSAGE_TEXT.threadLabel });
  await expect(thread).toBeVisible();
  const sent = await buyer.request.post(`/api/tickets/${ticketId}/messages`, { data: { content: text } });
  expect(sent.status()).toBe(201);
  await expectShownLive(thread.getByText(text));
}
