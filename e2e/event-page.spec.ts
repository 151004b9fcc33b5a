import { expect, type Page, test } from '@playwright/test';
import { eventPath } from '../common/event-path';
import { BID_SCREEN_TEXT, BID_TEXT } from '../common/messages';
import type { EventPage } from '../common/schemas/event-page';
import type { PendingReview } from '../common/schemas/reviews';
import { EVENT_SCREEN_TEXT } from '../common/texts/event-page';
import { PRICE_ALERT_TEXT } from '../common/texts/price-alerts';
import {
  expectNoSeriousViolations,
  registerVerifiedAccount,
  signInThroughApi,
  signUpAndSignIn,
  tabTo,
  toastWith,
  uniqueAccount,
} from './helpers';
import { pickConcert } from './listing-helpers';
import { buyThroughSandbox, listTicketThroughApi } from './sale-helpers';

/** Issue 33 §2: one show's page, as a fan arriving from a link finds it, at both widths. */

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

/** A seller with a paper and a digital listing for one catalog show; its page's data. */
async function showWithListings(page: Page, tag: string): Promise<EventPage> {
  const seller = uniqueAccount();
  await registerVerifiedAccount(page.request, seller);
  await signInThroughApi(page.request, seller);
  const concert = await pickConcert(page);
  const atShow = { eventId: String(concert.id), eventDate: concert.date };
  await listTicketThroughApi(page.request, concert.name, 'ticketmaster', {
    ...atShow,
    section: `Floor ${tag}`,
  });
  await listTicketThroughApi(page.request, concert.name, 'paper', {
    ...atShow,
    section: `Balcony ${tag}`,
    quantity: '3',
  });
  await page.request.post('/api/logout');
  const answer = await page.request.get(`/api/events/${concert.id}`);
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as EventPage;
}

for (const { name, viewport } of WIDTHS) {
  test(`a visitor finds a show's listings, filters them by keyboard and shares the page (${name})`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ viewport });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    const page = await context.newPage();
    const show = await showWithListings(page, name);
    const floor = page.getByTestId('event-listing').filter({ hasText: `Floor ${name}` });
    const balcony = page.getByTestId('event-listing').filter({ hasText: `Balcony ${name}` });

    // An old link (the id alone) leads to the page's address, rendered with the show in it.
    const response = await page.goto(`/events/${show.event.id}`);
    expect(new URL(page.url()).pathname).toBe(show.event.path);
    const html = (await response?.text()) ?? '';
    expect(html).toContain('"@type":"MusicEvent"');
    await expect(page.getByRole('heading', { level: 1, name: show.event.name })).toBeVisible();
    await expect(page).toHaveTitle(`${show.event.name} · Encore`);
    await expect(page.getByTestId('event-state')).toHaveText(EVENT_SCREEN_TEXT.state.on_sale);
    await expect(floor).toBeVisible();
    await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-prerendered'));
    await expectNoSeriousViolations(page, `event page (${name})`);

    // Three tickets, by keyboard: the paper listing only, kept in the address.
    const quantity = page.getByLabel(EVENT_SCREEN_TEXT.quantityLabel);
    await tabTo(page, quantity);
    await quantity.selectOption('3');
    await expect(page).toHaveURL(/quantity=3/);
    await expect(balcony).toBeVisible();
    await expect(floor).toHaveCount(0);

    // A delivery nobody offers for three: the empty state, then back to every listing.
    await page.getByLabel(EVENT_SCREEN_TEXT.deliveryLabel).selectOption('digital');
    await expect(page.getByText(EVENT_SCREEN_TEXT.noMatches)).toBeVisible();
    await expectNoSeriousViolations(page, `event page, nothing matches (${name})`);
    const clear = page.getByRole('button', { name: EVENT_SCREEN_TEXT.clearFilters });
    await clear.focus();
    await page.keyboard.press('Enter');
    await expect(floor).toBeVisible();
    await expect(quantity).toBeFocused();
    expect(new URL(page.url()).search).toBe('');

    // Each listing leads to its ticket; the page is shared by its link.
    await expect(floor.getByRole('link', { name: /View ticket/ })).toHaveAttribute(
      'href',
      /^\/\?ticket=\d+$/,
    );
    await page.getByRole('button', { name: EVENT_SCREEN_TEXT.share }).click();
    await expect(toastWith(page, EVENT_SCREEN_TEXT.linkCopied)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${show.event.path}`);
    await context.close();
  });
}

test('a member asks for a price alert on a show, by keyboard, and finds it on My Bids', async ({ page }) => {
  const show = await showWithListings(page, 'alert');
  await signUpAndSignIn(page);
  await page.goto(show.event.path);
  const maxPrice = page.getByLabel(PRICE_ALERT_TEXT.maxPriceLabel);
  await tabTo(page, maxPrice);
  // Nothing typed: the form says what is missing, and keeps the focus on it.
  await page.keyboard.press('Enter');
  await expect(page.getByText(PRICE_ALERT_TEXT.maxPriceRequired)).toBeVisible();
  await expect(maxPrice).toBeFocused();
  await expectNoSeriousViolations(page, 'price alert form, price missing');
  await maxPrice.fill('75');
  await page.keyboard.press('Enter');
  await expect(toastWith(page, PRICE_ALERT_TEXT.createdTitle)).toBeVisible();
  await page.goto('/my-bids');
  const welcome = page.getByRole('dialog', { name: BID_TEXT.welcomeTitle });
  await welcome.getByRole('button', { name: BID_SCREEN_TEXT.welcomeClose }).click();
  const alert = page.getByRole('listitem').filter({ hasText: PRICE_ALERT_TEXT.summary(2, '$75.00') });
  await expect(alert.getByRole('link', { name: show.event.name })).toHaveAttribute('href', show.event.path);
});

test('an unknown show answers 404 with a way back to the listings', async ({ page }) => {
  const response = await page.goto('/events/999999-no-such-show');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: EVENT_SCREEN_TEXT.notFoundTitle })).toBeVisible();
  await expect(page.getByRole('link', { name: EVENT_SCREEN_TEXT.browseListings })).toBeVisible();
  await expectNoSeriousViolations(page, 'unknown event');
});

test("a listing's seller rating leads a member to the seller's reviews, and a visitor to sign in first", async ({
  browser,
  page,
}) => {
  // A seller with one completed, reviewed sale, and another listing for the same show.
  const seller = uniqueAccount();
  const sellerContext = await browser.newContext();
  await registerVerifiedAccount(sellerContext.request, seller);
  await signInThroughApi(sellerContext.request, seller);
  const concert = await pickConcert(page);
  const atShow = { eventId: String(concert.id), eventDate: concert.date };
  const sold = await listTicketThroughApi(sellerContext.request, concert.name, 'ticketmaster', atShow);
  await listTicketThroughApi(sellerContext.request, concert.name, 'ticketmaster', {
    ...atShow,
    section: 'Rated',
  });
  await signUpAndSignIn(page);
  await buyThroughSandbox(page.request, sold);
  const initiated = await sellerContext.request.post(`/api/tickets/${sold}/initiate-transfer`);
  expect(initiated.ok(), await initiated.text()).toBe(true);
  const completed = await page.request.post(`/api/tickets/${sold}/complete-transfer`);
  expect(completed.ok(), await completed.text()).toBe(true);
  const pending = (await (await page.request.get('/api/reviews/pending')).json()) as PendingReview[];
  const owed = pending.find((review) => review.ticketId === sold);
  expect(owed).toBeDefined();
  const reviewed = await page.request.post('/api/reviews', {
    data: {
      ticketId: sold,
      targetUserId: owed?.targetUserId,
      transactionId: owed?.transactionId,
      reviewType: 'buyer_to_seller',
      rating: 5,
      comment: 'Sent the tickets within the hour',
    },
  });
  expect(reviewed.status(), await reviewed.text()).toBe(201);
  await sellerContext.close();
  const path = eventPath(concert.id, concert.name);
  const listing = page.getByTestId('event-listing').filter({ hasText: 'Section Rated' });

  // A member: the rating, by keyboard, opens the seller's reviews; Escape brings focus back to it.
  await page.goto(path);
  const rating = listing.getByRole('button', { name: EVENT_SCREEN_TEXT.sellerReviews(seller.username) });
  await expect(rating).toHaveText(/5\.0\s*out of 5\s*\(1\)/);
  await expectNoSeriousViolations(page, 'event page, a rated seller');
  await tabTo(page, rating);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: seller.username });
  await expect(dialog.getByText('Sent the tickets within the hour')).toBeVisible();
  // The page behind the modal is inert under its overlay (checked above); axe blends the two colours there.
  await expectNoSeriousViolations(page, "event page, seller's reviews", '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(rating).toBeFocused();

  // A visitor: the same rating asks to sign in, and signing in comes back to the show.
  await page.request.post('/api/logout');
  await page.goto(path);
  const signIn = listing.getByRole('link', {
    name: EVENT_SCREEN_TEXT.signInForSellerReviews(seller.username),
  });
  await expect(signIn).toHaveAttribute('href', `/login?next=${encodeURIComponent(path)}`);
});
