import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { eventPath } from '../common/event-path';
import {
  BID_PAYMENT_TEXT,
  BID_SCREEN_TEXT,
  BID_TEXT,
  BUYING_TEXT,
  PAYMENT_METHOD_TEXT,
  QUEUE_PAYMENT_TEXT,
} from '../common/messages';
import { formatCents } from '../common/money';
import { priceBreakdown } from '../common/pricing';
import type { ConcertSearchResult } from '../common/schemas/events';
import type { FanQueueShow } from '../common/schemas/fan-queue';
import { FAN_QUEUE_TEXT as T } from '../common/texts/fan-queue';
import {
  expectNoSeriousViolations,
  newParty,
  registerVerifiedAccount,
  signInThroughApi,
  toastWith,
  uniqueAccount,
} from './helpers';
import { openWithStream } from './live-helpers';
import { listTicketThroughApi, payInSandbox, saveCardThroughApi } from './sale-helpers';

/**
 * Issue 46 (decision 0100): the Fan Queue on a show's page, as two fans and a seller find it, at 1280 and
 * 390 px. Two fans join; the first leaves and the second moves up without a reload; a fair listing is offered
 * to the first in line, who pays for it through the sandbox checkout; the fan left in line switches to "buy
 * for me" with a saved card by keyboard (refused while another member's place uses the same card), and the
 * next fair listing is bought for them once their bank's step is done.
 */

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** Face value and original fee per ticket of both listings: the show's reference price is their sum. */
const FACE_VALUE = { faceValue: '80.00', serviceFee: '10.00' };
const QUANTITY = 2;

/**
 * An upcoming single-day catalog show that never had a listing (no reference price) nor a line, so this
 * journey's line meets only its own listings. Taken from the end of the search: the bids journey takes the
 * first quiet shows; each width takes another, as the one before has a listing now.
 */
async function untouchedShow(request: APIRequestContext): Promise<ConcertSearchResult> {
  const soon = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const response = await request.get('/api/concerts/search?query=tour');
  expect(response.ok(), await response.text()).toBe(true);
  const quiet = ((await response.json()) as ConcertSearchResult[]).filter(
    (show) => show.listingCount === 0 && show.daysCount === 1 && show.date > soon,
  );
  for (const show of quiet.reverse()) {
    const line = await lineOf(request, show.id);
    if (line.open && line.referencePriceCents === null && line.waiting === 0) return show;
  }
  throw new Error('The seed catalog has no upcoming show without listings left');
}

/** Two seats of `show` from the seller of `request`, at `markup` percent against the original price. */
function listSeats(request: APIRequestContext, show: ConcertSearchResult, markup: string, section: string) {
  return listTicketThroughApi(request, show.name, 'ticketmaster', {
    eventId: String(show.id),
    eventDate: show.date,
    venue: show.venue,
    quantity: String(QUANTITY),
    ...FACE_VALUE,
    markup,
    section,
  });
}

async function lineOf(request: APIRequestContext, eventId: number): Promise<FanQueueShow> {
  const response = await request.get(`/api/events/${eventId}/fan-queue`);
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as FanQueueShow;
}

/** A fresh verified member signed in through the API alone, in a context of their own (no page opened). */
async function apiMember(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext();
  const account = uniqueAccount();
  await registerVerifiedAccount(context.request, account);
  await signInThroughApi(context.request, account);
  return context;
}

const panelOf = (page: Page) => page.getByRole('region', { name: T.title });

/** Opens the show's page with its live stream answering, and waits for the panel (a lazy, client-only part). */
async function openShow(page: Page, path: string): Promise<Locator> {
  await openWithStream(page, path);
  await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-prerendered'));
  const panel = panelOf(page);
  await expect(panel.getByRole('heading', { name: T.title })).toBeVisible();
  return panel;
}

/** Joins through the panel with the form's quantity and `maxPrice`. */
async function join(panel: Locator, page: Page, maxPrice: string): Promise<void> {
  await panel.getByLabel(T.quantityLabel).selectOption(String(QUANTITY));
  await panel.getByLabel(T.maxPriceLabel).fill(maxPrice);
  await panel.getByRole('button', { name: T.join }).click();
  // A second join's toast may come while the first one's is still on the page: the newest is sonner's front.
  await expect(toastWith(page, T.joinedTitle).and(page.locator('[data-front="true"]'))).toBeVisible();
}

async function closeWelcome(page: Page) {
  const welcome = page.getByRole('dialog', { name: BID_TEXT.welcomeTitle });
  await expect(welcome).toBeVisible();
  await welcome.getByLabel(BID_TEXT.dontShowAgain).check();
  await welcome.getByRole('button', { name: BID_SCREEN_TEXT.welcomeClose }).click();
  await expect(welcome).toBeHidden();
}

for (const { name, viewport } of WIDTHS) {
  test(`two fans line up for a show, one moves up live, is offered a fair listing and buys it (${name})`, async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    /** Axe on the page as it is, then a screenshot of the viewport with `shown` scrolled into it. */
    const check = async (page: Page, state: string, shown: Locator) => {
      await expectNoSeriousViolations(page, `${state} at ${viewport.width}`);
      await shown.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`${state}-${viewport.width}.png`) });
    };

    // The seller works through the API only; the two fans each in a browser of their own.
    const [seller, first, second] = await test.step('three members', () =>
      Promise.all([apiMember(browser), newParty(browser, { viewport }), newParty(browser, { viewport })]));
    const show = await untouchedShow(seller.request);
    const path = eventPath(show.id, show.name);

    // A listing above face value: the show has a reference price, and nothing fair is on sale.
    await listSeats(seller.request, show, '10', `Above ${name}`);
    const line = await lineOf(seller.request, show.id);
    expect(line.open).toBe(true);
    expect(line.waiting).toBe(0);
    const reference = formatCents(
      Math.round((Number(FACE_VALUE.faceValue) + Number(FACE_VALUE.serviceFee)) * 100),
    );
    expect(line.referencePriceCents === null ? null : formatCents(line.referencePriceCents)).toBe(reference);
    const maxPrice = (Number(FACE_VALUE.faceValue) + Number(FACE_VALUE.serviceFee)).toFixed(2);

    // Both fans open the show's page at once: what the one does reaches the other's page live.
    const [a, b] = await Promise.all([openShow(first.page, path), openShow(second.page, path)]);
    // The first fan's panel, before joining: the line is empty and the form says what caps the price.
    await expect(a).toContainText(T.intro);
    await expect(a).toContainText(T.waiting(0));
    await expect(a.getByLabel(T.maxPriceLabel)).toHaveAccessibleDescription(T.maxPriceHint(reference));
    await expect(a.getByRole('button', { name: T.leave })).toHaveCount(0);
    await check(first.page, 'panel-first-render', a);

    // A price above face value is refused, in the field's own words, and keeps the focus.
    await a.getByLabel(T.maxPriceLabel).fill('95.00');
    await a.getByRole('button', { name: T.join }).click();
    const price = a.getByLabel(T.maxPriceLabel);
    await expect(a.getByText(T.aboveReference(reference))).toBeVisible();
    await expect(price).toHaveAttribute('aria-invalid', 'true');
    await expect(price).toBeFocused();
    await check(first.page, 'refused-above-face-value', a);
    // The server says the same when asked directly.
    const refused = await first.page.request.put(`/api/events/${show.id}/fan-queue`, {
      data: { quantity: QUANTITY, maxPrice: 95 },
    });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(T.aboveReference(reference));

    // The first fan joins at face value (the second's page counts them live), then the second: second in line.
    await join(a, first.page, maxPrice);
    await expect(a.getByRole('status')).toHaveText(T.position(1, QUANTITY));
    await expect(b).toContainText(T.waiting(1));
    await join(b, second.page, maxPrice);
    await expect(b.getByRole('status')).toHaveText(T.position(2, QUANTITY));
    await expect(b).toContainText(T.waiting(2));
    await expect(b.getByRole('button', { name: T.update })).toBeVisible();
    await expect(b.getByLabel(T.maxPriceLabel)).toHaveValue(maxPrice);
    await check(second.page, 'in-line-second', b);

    // The first fan leaves: the second's open page moves up to first by itself.
    await a.getByRole('button', { name: T.leave }).click();
    const left = Date.now();
    await expect(toastWith(first.page, T.leftTitle)).toContainText(T.left(show.name));
    await expect(a.getByRole('button', { name: T.join })).toBeVisible();
    await expect(b.getByRole('status')).toHaveText(T.position(1, QUANTITY));
    test.info().annotations.push({ type: 'moved up after', description: `${Date.now() - left} ms` });
    await expect(b).toContainText(T.waiting(1));
    // Joining again is at the back of the line.
    await join(a, first.page, maxPrice);
    await expect(a.getByRole('status')).toHaveText(T.position(2, QUANTITY));

    // A fair listing (10% under its original price) goes to the first in line: held for them, shown live.
    const fair = priceBreakdown({
      faceValueCents: 8_000,
      serviceFeeCents: 1_000,
      markupPercent: -10,
      quantity: QUANTITY,
    });
    await listSeats(seller.request, show, '-10', `Fair ${name}`);
    const listed = Date.now();
    await expect(b.getByRole('heading', { name: T.offerTitle })).toBeVisible({ timeout: 8_000 });
    test.info().annotations.push({ type: 'offer shown after', description: `${Date.now() - listed} ms` });
    await expect(b.getByRole('status')).toHaveText(T.offerTitle);
    await expect(b).toContainText(T.offer(QUANTITY, formatCents(fair.buyerPaysPerTicketCents), 10));
    // The next fan is first now: the offered fan no longer waits.
    await expect(a.getByRole('status')).toHaveText(T.position(1, QUANTITY));
    await check(second.page, 'offer', b);

    // Paying for the offer is the ordinary checkout of the held tickets.
    await b.getByRole('link', { name: T.payOffer }).click();
    const dialog = second.page.getByRole('dialog', { name: show.name });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: BUYING_TEXT.completePurchase }).click();
    await expect(second.page.getByTestId('checkout-total')).toHaveText(formatCents(fair.buyerPaysCents));
    await payInSandbox(second.page, '4242 4242 4242 4242');
    const success = second.page.getByRole('dialog', { name: BUYING_TEXT.purchaseSuccessfulTitle });
    await expect(success).toContainText(show.name);
    await success.getByRole('button', { name: BUYING_TEXT.viewMyTickets }).click();
    await expect(second.page).toHaveURL('/my-tickets');
    await expect(second.page.getByTestId(/^my-ticket-\d+$/).filter({ hasText: show.name })).toBeVisible();

    // My Bids: the place is done, its offer bought.
    await second.page.goto('/my-bids');
    await closeWelcome(second.page);
    const mine = second.page.getByRole('region', { name: T.myTitle });
    const entry = mine
      .getByRole('listitem')
      .filter({ has: second.page.getByRole('link', { name: show.name }) });
    await expect(entry.getByText(T.statusFilled, { exact: true })).toBeVisible();
    await expect(entry).toContainText(T.entrySummary(QUANTITY, formatCents(Number(maxPrice) * 100)));
    const bought = entry.getByRole('listitem').filter({ hasText: T.offerBought });
    await expect(bought).toContainText(T.offerSummary(QUANTITY, formatCents(fair.buyerPaysPerTicketCents)));
    await check(second.page, 'my-bids', mine);

    // The show counts the tickets that went through the line. The fan left in it has them bought for them
    // with a saved card, one whose bank asks the cardholder to confirm.
    await expect(a).toContainText(T.throughQueue(QUANTITY));
    const card = await saveCardThroughApi(first.page.request, '4000 0027 6000 3184');
    // The same card number already backs another member's "buy for me" place in this show.
    const taken = await seller.request.put(`/api/events/${show.id}/fan-queue`, {
      data: {
        quantity: QUANTITY,
        maxPrice: Number(maxPrice),
        paymentMethodId: await saveCardThroughApi(seller.request, '4000 0027 6000 3184'),
      },
    });
    expect(taken.ok(), await taken.text()).toBe(true);
    // By keyboard: the choice is a radio group (arrows choose), then the update button. Radix checks the
    // radio an arrow focuses while the key is down, after a timer: a press as quick as Playwright's is not.
    await a.getByRole('radio', { name: T.howOffer }).focus();
    await first.page.keyboard.down('ArrowDown');
    await expect(a.getByRole('radio', { name: T.howBuyForMe })).toBeChecked();
    await first.page.keyboard.up('ArrowDown');
    const picker = a.getByRole('combobox', { name: PAYMENT_METHOD_TEXT.label });
    await expect(picker).toHaveValue(card);
    await a.getByRole('button', { name: T.update }).focus();
    await first.page.keyboard.press('Enter');
    await expect(picker).toHaveAccessibleDescription(T.cardInUse);
    await expect(picker).toBeFocused();
    await check(first.page, 'card-in-use', a);
    // Once that place leaves the line, the card is free for this fan's.
    expect((await seller.request.delete(`/api/events/${show.id}/fan-queue`)).ok()).toBe(true);
    await a.getByRole('button', { name: T.update }).click();
    await expect(
      toastWith(first.page, T.updatedTitle).and(first.page.locator('[data-front="true"]')),
    ).toBeVisible();
    await expect(a.getByRole('status')).toHaveText(T.position(1, QUANTITY));
    await check(first.page, 'buy-for-me', a);

    // The next fair listing is bought at once; the bank's step is on the purchase's own page.
    await listSeats(seller.request, show, '-10', `Bought for me ${name}`);
    await expect(a.getByRole('heading', { name: T.buyingTitle })).toBeVisible({ timeout: 8_000 });
    await expect(a).toContainText(T.buying);
    await check(first.page, 'buying-for-me', a);
    await a.getByRole('link', { name: T.confirmPayment }).click();
    const bankStep = first.page.getByRole('heading', { name: QUEUE_PAYMENT_TEXT.title });
    await expect(bankStep).toBeVisible();
    await expect(first.page.getByText(QUEUE_PAYMENT_TEXT.intro)).toBeVisible();
    await check(first.page, 'bank-step', bankStep);
    await first.page.getByRole('button', { name: BID_PAYMENT_TEXT.approve }).click();
    await expect(first.page.getByText(QUEUE_PAYMENT_TEXT.succeededTitle)).toBeVisible();
    await first.page.getByRole('link', { name: BID_PAYMENT_TEXT.goToMyTickets }).click();
    await expect(first.page.getByTestId(/^my-ticket-\d+$/).filter({ hasText: show.name })).toBeVisible();
    const after = await lineOf(first.page.request, show.id);
    expect(after.mine).toBeNull();
    expect(after.throughQueueTickets).toBe(2 * QUANTITY);

    for (const context of [seller, first.page.context(), second.page.context()]) await context.close();
  });
}
