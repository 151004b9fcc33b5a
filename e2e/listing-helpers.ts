import { expect, type Locator, type Page } from '@playwright/test';
import { LISTING_TEXT } from '../common/messages';
import { formatCents } from '../common/money';
import { priceBreakdown } from '../common/pricing';
import type { ConcertSearchResult } from '../common/schemas/events';
import type { TicketDetails, TicketSaveResponse } from '../common/schemas/tickets';
import { expectImageDrawn, ticketImagePng, toastWith } from './helpers';

/** A single-day concert at least a week away whose lowest listed face value is known. */
export async function pickConcert(page: Page): Promise<ConcertSearchResult> {
  const soon = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  for (const query of ['tour', 'the', 'with']) {
    const answer = await page.request.get(`/api/concerts/search?query=${encodeURIComponent(query)}`);
    expect(answer.ok(), await answer.text()).toBe(true);
    const found = ((await answer.json()) as ConcertSearchResult[]).find(
      (concert) => concert.minFaceValue !== null && concert.daysCount === 1 && concert.date > soon,
    );
    if (found) return found;
  }
  throw new Error('The seed catalog has no upcoming concert with a listed price');
}

/** The amount on the price breakdown's line `label` (a dt/dd pair). */
export function breakdownLine(page: Page, label: string | RegExp): Locator {
  return page
    .locator('[aria-labelledby="price-breakdown-title"]')
    .locator('dl > div')
    .filter({ has: page.locator('dt').getByText(label, { exact: true }) })
    .locator('dd');
}

/** A fee the seller pays, as the breakdown shows it: with a minus sign unless it is zero. */
export function feeText(cents: number): string {
  return cents === 0 ? formatCents(0) : `−${formatCents(cents)}`;
}

export async function expectBreakdown(
  page: Page,
  input: { faceValueCents: number; serviceFeeCents: number; markupPercent: number; quantity: number },
): Promise<void> {
  const expected = priceBreakdown(input);
  const ticketWord = input.quantity === 1 ? 'ticket' : 'tickets';
  await expect(breakdownLine(page, 'Price per ticket')).toHaveText(formatCents(expected.perTicketCents));
  await expect(breakdownLine(page, `Total for ${input.quantity} ${ticketWord}`)).toHaveText(
    formatCents(expected.totalCents),
  );
  await expect(breakdownLine(page, /^Platform fee \(/)).toHaveText(feeText(expected.platformFeeCents));
  await expect(breakdownLine(page, 'Processing fee (1.95%)')).toHaveText(
    feeText(expected.processingFeeCents),
  );
  await expect(breakdownLine(page, 'You receive')).toHaveText(formatCents(expected.sellerReceivesCents));
  await expect(breakdownLine(page, 'Buyer pays (all-in)')).toHaveText(formatCents(expected.buyerPaysCents));
  await expect(breakdownLine(page, 'Per ticket')).toHaveText(formatCents(expected.buyerPaysPerTicketCents));
}

export async function searchAndChoose(page: Page, concert: ConcertSearchResult): Promise<void> {
  await page.getByLabel(LISTING_TEXT.searchLabel).fill(concert.name);
  const results = page.getByRole('listbox', { name: 'Concerts found' });
  await results
    .getByRole('option')
    .filter({ hasText: concert.name })
    .filter({ hasText: `${concert.venue}, ${concert.city}` })
    .first()
    .click();
  await expect(results).toBeHidden();
}

export async function fillSeats(
  page: Page,
  seats: { section: string; row: string; seats: string },
): Promise<void> {
  await page.getByLabel('Section', { exact: true }).fill(seats.section);
  await page.getByLabel('Row', { exact: true }).fill(seats.row);
  await page.getByLabel('Seats', { exact: true }).fill(seats.seats);
}

export async function choosePlatform(page: Page, name: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Platform' }).click();
  await page.getByRole('option', { name }).click();
  await expect(page.getByRole('combobox', { name: 'Platform' })).toHaveText(name);
}

export async function uploadImage(page: Page): Promise<void> {
  await page.getByLabel('Ticket image').setInputFiles({
    name: 'ticket.png',
    mimeType: 'image/png',
    buffer: await ticketImagePng(),
  });
  await expect(toastWith(page, LISTING_TEXT.imageUploaded)).toBeVisible();
  await expectImageShown(page);
}

export async function expectImageShown(page: Page): Promise<void> {
  const preview = page.getByRole('img', { name: 'Ticket preview' });
  await expect(preview).toBeVisible();
  await expectImageDrawn(preview);
}

export function agreement(page: Page): Locator {
  return page.getByRole('checkbox', { name: LISTING_TEXT.agreeTerms });
}

export async function getTicket(page: Page, id: number): Promise<TicketDetails> {
  const answer = await page.request.get(`/api/tickets/${id}`);
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as TicketDetails;
}

/** Fills a new listing completely except for the platform, the image and the agreement. */
export async function fillNewListing(page: Page, concert: ConcertSearchResult): Promise<void> {
  await page.goto('/listing');
  await searchAndChoose(page, concert);
  await fillSeats(page, { section: '104', row: 'F', seats: '7, 8' });
  await page.getByLabel('Quantity').fill('2');
  await page.getByLabel('Service fee ($)').fill('10.00');
}

/** Lists a ticket through the form and returns its id (from the POST /api/tickets answer). */
export async function listThroughForm(page: Page, concert: ConcertSearchResult): Promise<number> {
  await fillNewListing(page, concert);
  await choosePlatform(page, 'AXS');
  await uploadImage(page);
  await agreement(page).check();
  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/tickets') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'List Ticket' }).click();
  const answer = await created;
  expect(answer.status(), await answer.text()).toBe(201);
  await expect(toastWith(page, LISTING_TEXT.listedTitle)).toBeVisible();
  // An unverified seller's first listing goes on to the identity prompt (decision 0086), any other home.
  const saved = (await answer.json()) as TicketSaveResponse;
  await expect(page).toHaveURL(
    saved.verificationPrompt === 'none' ? '/' : `/verify-identity?after=${saved.verificationPrompt}`,
  );
  return saved.id;
}
