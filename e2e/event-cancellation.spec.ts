import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  ADMIN_TEXT,
  MONEY_MAIL_SUBJECT,
  MONEY_TEXT,
  MY_TICKETS_TEXT,
  SALE_STATE_TEXT,
} from '../common/messages';
import { dollarsToCents, formatCents } from '../common/money';
import type { AdminEvent } from '../common/schemas/admin-money';
import type { MyTicket } from '../common/schemas/my-tickets';
import {
  DEMO_ACCOUNTS,
  expectNoSeriousViolations,
  newParty,
  signInThroughApi,
  skipWelcomeTour,
  ticketImagePng,
  toastWith,
  waitForMail,
} from './helpers';
import { buyThroughSandbox } from './sale-helpers';

/** Issue 22 §3: an admin cancels an event with a paid sale; the buyer's My Tickets shows the refund (decision 0042). */

const ADMIN = DEMO_ACCOUNTS.admin;

const DESKTOP = { width: 1280, height: 800 };

/**
 * The last scheduled catalog event nobody has listed or bought: the journeys share one database, and the
 * farthest event is the one no other journey looks for.
 */
async function untouchedEvent(request: APIRequestContext): Promise<AdminEvent> {
  const read = async (page: number) => {
    const response = await request.get(`/api/admin/events?status=scheduled&pageSize=100&page=${page}`);
    expect(response.ok(), await response.text()).toBe(true);
    return (await response.json()) as { events: AdminEvent[]; total: number };
  };
  const first = await read(1);
  const last = first.total > 100 ? await read(Math.ceil(first.total / 100)) : first;
  const event = [...first.events, ...last.events]
    .reverse()
    .find((candidate) => candidate.activeListings === 0 && candidate.soldTickets === 0);
  if (!event) throw new Error('no untouched scheduled event in the catalog');
  return event;
}

/** Lists one ticket for the catalog event through the API, as the signed-in seller of `request`. */
async function listFor(request: APIRequestContext, event: AdminEvent): Promise<number> {
  const upload = await request.post('/api/upload/direct', {
    multipart: { image: { name: 'ticket.png', mimeType: 'image/png', buffer: await ticketImagePng() } },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const created = await request.post('/api/tickets', {
    data: {
      eventId: String(event.id),
      eventName: event.name,
      eventDate: event.date,
      description: `${event.name} at ${event.venue}`,
      venue: event.venue,
      section: '210',
      row: 'B',
      seats: '3',
      quantity: '1',
      faceValue: '60.00',
      serviceFee: '8.00',
      markup: '10',
      ticketType: 'digital',
      platform: 'ticketmaster',
      isMultiDay: 'false',
      daysCount: '1',
      ...((await upload.json()) as { cloudinaryUrl: string; cloudinaryPublicId: string }),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

async function axeAtBothWidths(page: Page, label: string) {
  await expectNoSeriousViolations(page, `${label} at 1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousViolations(page, `${label} at 390`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('an admin cancels an event with a paid sale and the buyer sees why it was refunded', async ({
  browser,
  page,
}) => {
  // Two browsers, a real checkout, the refund job and four axe runs.
  test.setTimeout(240_000);
  await skipWelcomeTour(page);
  await signInThroughApi(page.request, ADMIN);
  const event = await untouchedEvent(page.request);
  const seller = await newParty(browser, { viewport: DESKTOP });
  const buyer = await newParty(browser, { viewport: DESKTOP });
  const ticketId = await listFor(seller.page.request, event);
  const unsoldId = await listFor(seller.page.request, event);
  await buyThroughSandbox(buyer.page.request, ticketId);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: ADMIN_TEXT.title })).toBeVisible();
  await page.getByRole('tab', { name: 'Events' }).click();
  await page.getByRole('searchbox', { name: 'Search events' }).fill(event.name);
  const row = page.getByRole('row').filter({ hasText: event.name }).filter({ hasText: event.venue });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel event' });
  await expect(dialog).toContainText('(1 sold)');
  await dialog.getByLabel(ADMIN_TEXT.reasonLabel).fill('The venue closed for repairs.');
  await axeAtBothWidths(page, 'admin cancel dialog');
  await dialog.getByRole('button', { name: 'Cancel event' }).click();
  await expect(toastWith(page, MONEY_TEXT.eventCancelledNow(1))).toBeVisible();
  await expect(dialog).toBeHidden();

  // The durable escrow_refund job refunds the buyer at the provider (the e2e server polls jobs every second).
  await waitForMail(buyer.page.request, buyer.account.email, MONEY_MAIL_SUBJECT.eventCancelledBuyer);
  await page.reload();
  await page.getByRole('tab', { name: 'Events' }).click();
  await page.getByRole('searchbox', { name: 'Search events' }).fill(event.name);
  await expect(row).toContainText(ADMIN_TEXT.refundProgress(1, 1));

  const mine = await buyer.page.request.get('/api/my-tickets?tab=bought');
  const card = ((await mine.json()) as { tickets: MyTicket[] }).tickets.find(
    (ticket) => ticket.id === ticketId,
  );
  const amount = formatCents(dollarsToCents(card?.totalPaid ?? 0));
  await buyer.page.goto('/my-tickets');
  await buyer.page.getByRole('tab', { name: /Bought/ }).click();
  const refunded = buyer.page.getByTestId(`my-ticket-${ticketId}`);
  await expect(refunded.getByText(SALE_STATE_TEXT.badgeRefunded, { exact: true })).toBeVisible();
  await expect(refunded.getByText(SALE_STATE_TEXT.buyerRefunded.event_cancelled(amount))).toBeVisible();
  await axeAtBothWidths(buyer.page, "buyer's refunded card");

  // The seller's unsold listing says the event was cancelled, with no Edit that could not succeed (issue 34).
  await seller.page.goto('/my-tickets');
  await seller.page.getByRole('tab', { name: /Active Listings/ }).click();
  const withdrawn = seller.page.getByTestId(`my-ticket-${unsoldId}`);
  await expect(withdrawn.getByTestId('card-badge')).toHaveText(MY_TICKETS_TEXT.badgeEventCancelled);
  await expect(withdrawn.getByTestId('sale-notice')).toHaveText(MY_TICKETS_TEXT.eventCancelledNotice);
  await expect(withdrawn.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await axeAtBothWidths(seller.page, "seller's listing of the cancelled event");
});
