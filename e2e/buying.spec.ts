import { type Browser, expect, type Page, test } from '@playwright/test';
import { BUYING_TEXT, CHECKOUT_TEXT, PURCHASE_RESULT_TEXT, SANDBOX_CHECKOUT_TEXT } from '../common/messages';
import {
  DEMO_ACCOUNTS,
  expectNoSeriousViolations,
  freeListingOf,
  type ListedTicket,
  registerVerifiedAccount,
  signInThroughApi,
  signUpAndSignIn,
  skipWelcomeTour,
  tabTo,
  toastWith,
  uniqueAccount,
} from './helpers';
import { payInSandbox } from './sale-helpers';

const CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
};

/** Tickets some journey already bought or holds: each journey works on its own. */
const taken: number[] = [];

async function signInAsJordan(page: Page): Promise<void> {
  await skipWelcomeTour(page);
  await signInThroughApi(page.request, DEMO_ACCOUNTS.jordan);
}

async function takeMayaTicket(page: Page): Promise<ListedTicket> {
  const ticket = await freeListingOf(page.request, 'maya', taken);
  taken.push(ticket.id);
  return ticket;
}

/** Narrows the home to `ticket`'s event with the search box and returns its card. */
async function findCard(page: Page, ticket: ListedTicket) {
  const search = page.getByRole('combobox', { name: BUYING_TEXT.searchLabel });
  await search.fill(ticket.eventName);
  await search.press('Enter');
  const card = page.getByTestId(`ticket-card-${ticket.id}`);
  await expect(card).toBeVisible();
  return card;
}

async function openDetails(page: Page, ticket: ListedTicket) {
  const card = await findCard(page, ticket);
  await card.getByRole('button', { name: BUYING_TEXT.viewDetails }).click();
  const dialog = page.getByRole('dialog', { name: ticket.eventName });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function ticketState(page: Page, id: number) {
  const response = await page.request.get(`/api/tickets/${id}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as { sold: boolean; isBeingEdited: boolean; currentViewerId: number | null };
}

test.describe('visitors', () => {
  test('browse the listings at /home and are sent to log in for details', async ({ page }) => {
    await page.goto('/home');
    const card = page.getByRole('article').first();
    await expect(card).toBeVisible();
    await expect(card).toContainText('What you pay');
    await card.getByRole('button', { name: 'Details' }).click();
    await expect(card.getByText('Section')).toBeVisible();
    const login = card.getByRole('link', { name: 'Login for Details' });
    const ticketId = (await login.getAttribute('href'))?.match(/ticket%3D(\d+)/)?.[1];
    expect(ticketId, 'the link names its ticket').toBeTruthy();
    await login.click();
    // The ticket is kept through sign-in, as a shared /?ticket= link is.
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent(`/?ticket=${ticketId}`)}`);
    // A new member, who owns none of the listed tickets.
    const member = uniqueAccount();
    await registerVerifiedAccount(page.request, member);
    await skipWelcomeTour(page);
    await signInThroughApi(page.request, member);
    await page.reload();
    await expect(page).toHaveURL('/');
    const ticket = (await (await page.request.get(`/api/tickets/${ticketId}`)).json()) as {
      eventName: string;
    };
    await expect(page.getByRole('dialog', { name: ticket.eventName })).toBeVisible();
  });
});

test.describe('buying as jordan', () => {
  test('filters, sorts, holds a maya ticket, pays with 4242 and lands on Purchase Successful', async ({
    page,
  }) => {
    await signInAsJordan(page);
    const ticket = await takeMayaTicket(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome, Jordan' })).toBeVisible();

    const sorted = page.waitForRequest((request) => request.url().includes('sortBy=price_asc'));
    await page.getByRole('combobox', { name: BUYING_TEXT.sortLabel }).click();
    await page.getByRole('option', { name: BUYING_TEXT.sortPriceAsc }).click();
    await sorted;

    const dialog = await openDetails(page, ticket);
    await expect(dialog.getByTestId('hold-countdown')).toHaveText(/0[45]:\d\d/);
    await expect(dialog.getByRole('button', { name: BUYING_TEXT.extendHold })).toBeVisible();
    const held = await ticketState(page, ticket.id);
    expect(held.isBeingEdited).toBe(true);

    await dialog.getByRole('button', { name: BUYING_TEXT.completePurchase }).click();
    await expect(page.getByTestId('checkout-total')).toHaveText(
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(ticket.buyerPays),
    );
    await payInSandbox(page, CARDS.success);

    const success = page.getByRole('dialog', { name: BUYING_TEXT.purchaseSuccessfulTitle });
    await expect(success).toBeVisible();
    // It names the show and what was paid.
    await expect(success).toContainText(ticket.eventName);
    await expect(success).toContainText(
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(ticket.buyerPays),
    );
    await expect(page).toHaveURL('/');
    expect((await ticketState(page, ticket.id)).sold).toBe(true);
    await success.getByRole('button', { name: BUYING_TEXT.viewMyTickets }).click();
    await expect(page).toHaveURL('/my-tickets');
  });

  test('a declined card shows its message and keeps the checkout and the hold for another card', async ({
    page,
  }) => {
    await signInAsJordan(page);
    const ticket = await takeMayaTicket(page);
    await page.goto('/');
    const dialog = await openDetails(page, ticket);
    await dialog.getByRole('button', { name: BUYING_TEXT.completePurchase }).click();
    await payInSandbox(page, CARDS.declined);
    await expect(page.getByRole('alert')).toContainText('Your card was declined.');
    // Like a real checkout it keeps the number and expiry; only the security code is typed again.
    await expect(page.getByLabel(SANDBOX_CHECKOUT_TEXT.cardNumber)).toHaveValue(CARDS.declined);
    await expect(page.getByLabel(SANDBOX_CHECKOUT_TEXT.expMonth)).toHaveValue('12');
    await expect(page.getByLabel(SANDBOX_CHECKOUT_TEXT.cvc)).toHaveValue('');
    await expect(page.getByRole('button', { name: SANDBOX_CHECKOUT_TEXT.cancel })).toBeVisible();
    await expectNoSeriousViolations(page, 'declined card');
    // Retrying at once asks for the missing code in words that say so.
    await page.getByRole('button', { name: new RegExp(`^${SANDBOX_CHECKOUT_TEXT.pay}`) }).click();
    await expect(page.getByRole('alert')).toHaveText(CHECKOUT_TEXT.cvcMissing);
    await expect(page.getByLabel(SANDBOX_CHECKOUT_TEXT.cvc)).toBeFocused();
    await expectNoSeriousViolations(page, 'retry without the security code');
    const held = await ticketState(page, ticket.id);
    expect(held.sold).toBe(false);
    expect(held.isBeingEdited).toBe(true);

    await payInSandbox(page, CARDS.success);
    await expect(page.getByRole('dialog', { name: BUYING_TEXT.purchaseSuccessfulTitle })).toBeVisible();
    expect((await ticketState(page, ticket.id)).sold).toBe(true);
  });

  test("a second browser sees 'Currently Reserved' while the first holds the ticket", async ({
    page,
    browser,
  }) => {
    await signInAsJordan(page);
    const ticket = await takeMayaTicket(page);
    await page.goto('/');
    await openDetails(page, ticket);

    const other = await otherBuyer(browser);
    await other.goto('/');
    const card = await findCard(other, ticket);
    await expect(card.getByTestId('reserved-overlay')).toContainText(BUYING_TEXT.reservedTitle);
    await expect(card.getByTestId('reserved-overlay')).toContainText(BUYING_TEXT.reserved);
    await expect(card.getByRole('button', { name: BUYING_TEXT.viewDetails })).toHaveCount(0);
    await other.context().close();

    // Closing the dialog releases the hold.
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await ticketState(page, ticket.id)).isBeingEdited).toBe(false);
  });

  test('the cancel page releases the hold and goes home after 3 seconds', async ({ page }) => {
    await signInAsJordan(page);
    const ticket = await takeMayaTicket(page);
    await page.goto('/');
    const dialog = await openDetails(page, ticket);
    await dialog.getByRole('button', { name: BUYING_TEXT.completePurchase }).click();
    await expect(page).toHaveURL(/\/sandbox\/checkout\//);
    await page.getByRole('button', { name: SANDBOX_CHECKOUT_TEXT.cancel, exact: true }).click();

    await expect(page).toHaveURL(`/purchase/cancel?ticket_id=${ticket.id}`);
    await expect(toastWith(page, PURCHASE_RESULT_TEXT.cancelToastTitle)).toContainText(
      PURCHASE_RESULT_TEXT.cancelReleased,
    );
    await expect(page.getByText(PURCHASE_RESULT_TEXT.cancelled)).toBeVisible();
    expect((await ticketState(page, ticket.id)).isBeingEdited).toBe(false);
    await expect(page).toHaveURL('/', { timeout: 6_000 });
  });

  test('the whole purchase works with the keyboard alone', async ({ page }) => {
    await signInAsJordan(page);
    const ticket = await takeMayaTicket(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome, Jordan' })).toBeVisible();

    const search = page.getByRole('combobox', { name: BUYING_TEXT.searchLabel });
    await tabTo(page, search);
    await page.keyboard.type(ticket.eventName);
    await page.keyboard.press('Enter');
    const viewDetails = page
      .getByTestId(`ticket-card-${ticket.id}`)
      .getByRole('button', { name: BUYING_TEXT.viewDetails });
    await expect(viewDetails).toBeVisible();
    await tabTo(page, viewDetails);
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: ticket.eventName });
    await expect(dialog).toBeVisible();
    await tabTo(page, dialog.getByRole('button', { name: BUYING_TEXT.completePurchase }));
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/sandbox\/checkout\//);
    await tabTo(page, page.getByLabel(SANDBOX_CHECKOUT_TEXT.cardNumber));
    await page.keyboard.type(CARDS.success.replaceAll(' ', ''));
    await page.keyboard.press('Tab');
    await page.keyboard.type('12');
    await page.keyboard.press('Tab');
    await page.keyboard.type('2031');
    await page.keyboard.press('Tab');
    await page.keyboard.type('123');
    await page.keyboard.press('Enter');

    const success = page.getByRole('dialog', { name: BUYING_TEXT.purchaseSuccessfulTitle });
    await expect(success).toBeVisible();
    await tabTo(page, success.getByRole('button', { name: BUYING_TEXT.viewMyTickets }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/my-tickets');
    expect((await ticketState(page, ticket.id)).sold).toBe(true);
  });
});

/** Buys `ticket` through the API as the signed-in page (lock, payment, sandbox pay); returns the session id. */
async function buyThroughApi(page: Page, ticket: ListedTicket): Promise<string> {
  const lock = await page.request.post(`/api/tickets/${ticket.id}/lock`);
  expect(lock.ok(), await lock.text()).toBe(true);
  const { version } = (await lock.json()) as { version: number };
  const payment = await page.request.post(`/api/tickets/${ticket.id}/payment`, {
    data: { amount: ticket.buyerPays, version },
  });
  expect(payment.ok(), await payment.text()).toBe(true);
  const { url } = (await payment.json()) as { url: string };
  const sessionId = decodeURIComponent(url.split('/sandbox/checkout/')[1] ?? '');
  const paid = await page.request.post(`/api/sandbox/checkout/${encodeURIComponent(sessionId)}/pay`, {
    data: { cardNumber: CARDS.success, expMonth: '12', expYear: '2031', cvc: '123' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  return sessionId;
}

/** Another signed-in buyer in a browser of its own. */
async function otherBuyer(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await skipWelcomeTour(page);
  await signUpAndSignIn(page);
  return page;
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`accessibility and screenshots at ${viewport.width} px`, () => {
    test.use({ viewport });
    const shot = (page: Page, name: string) =>
      page.screenshot({
        path: `test-results/buying-screenshots/${name}-${viewport.width}.png`,
        fullPage: true,
      });

    test('the visitor home', async ({ page }) => {
      await page.goto('/home');
      await expect(page.getByRole('article').first()).toBeVisible();
      await expectNoSeriousViolations(page, 'visitor home');
      await shot(page, 'visitor-home');
    });

    test('the signed-in home, the details dialog and the sandbox checkout', async ({ page }) => {
      await signInAsJordan(page);
      const ticket = await takeMayaTicket(page);
      await page.goto('/');
      await expect(page.getByRole('heading', { name: /Listings|Welcome, / }).first()).toBeVisible();
      await expect(page.getByRole('button', { name: BUYING_TEXT.viewDetails }).first()).toBeVisible();
      await expectNoSeriousViolations(page, 'signed-in home');
      await shot(page, 'signed-in-home');

      const dialog = await openDetails(page, ticket);
      await expectNoSeriousViolations(page, 'details dialog');
      await page.screenshot({ path: `test-results/buying-screenshots/details-dialog-${viewport.width}.png` });

      await dialog.getByRole('button', { name: BUYING_TEXT.completePurchase }).click();
      await expect(page.getByTestId('checkout-total')).toBeVisible();
      await expectNoSeriousViolations(page, 'sandbox checkout');
      await shot(page, 'sandbox-checkout');
      await page.getByRole('button', { name: SANDBOX_CHECKOUT_TEXT.cancel, exact: true }).click();
      await expect(page.getByText(PURCHASE_RESULT_TEXT.cancelled)).toBeVisible();
      await expectNoSeriousViolations(page, 'cancel page');
      await shot(page, 'purchase-cancel');
    });

    test('the purchase result pages', async ({ page }) => {
      await signInAsJordan(page);
      const sessionId = await buyThroughApi(page, await takeMayaTicket(page));
      // Opened late and twice: the same settled purchase shows its success again.
      await page.goto(`/purchase-status?session_id=${sessionId}`);
      await expect(
        page.getByRole('heading', { name: PURCHASE_RESULT_TEXT.statusSuccessTitle }),
      ).toBeVisible();
      await expectNoSeriousViolations(page, 'purchase status success');
      await shot(page, 'purchase-status-success');
      await page.goto(`/safari-purchase-success?session_id=${sessionId}`);
      await expect(page.getByRole('button', { name: PURCHASE_RESULT_TEXT.goToMyTickets })).toBeVisible();
      await expect(toastWith(page, PURCHASE_RESULT_TEXT.successToastTitle)).toBeVisible();
      await expectNoSeriousViolations(page, 'safari purchase success');
      await shot(page, 'safari-purchase-success');
      await expect(page).toHaveURL('/my-tickets', { timeout: 8_000 });

      await page.goto('/purchase-status?session_id=cs_not_mine');
      await expect(page.getByRole('heading', { name: PURCHASE_RESULT_TEXT.statusFailedTitle })).toBeVisible();
      await expect(toastWith(page, PURCHASE_RESULT_TEXT.statusFailedTitle)).toBeVisible();
      await expectNoSeriousViolations(page, 'purchase status');
      await shot(page, 'purchase-status-failed');

      await page.goto('/safari-purchase-success');
      await expect(page.getByRole('heading', { name: PURCHASE_RESULT_TEXT.safariErrorTitle })).toBeVisible();
      await expect(toastWith(page, PURCHASE_RESULT_TEXT.processingErrorTitle)).toContainText(
        PURCHASE_RESULT_TEXT.missingSession,
      );
      await expectNoSeriousViolations(page, 'safari purchase');
      await shot(page, 'safari-purchase-error');
    });
  });
}

test.describe('the welcome tour', () => {
  test('walks through the 4 steps with Previous, Next and Finish Tour, then marks itself completed', async ({
    page,
  }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.jordan);
    await page.goto('/');
    const welcome = page.getByRole('dialog', { name: 'Welcome to Encore' });
    await expect(welcome).toBeVisible();
    await welcome.getByRole('button', { name: 'Start Tour' }).click();

    for (const title of ['Search (1 of 4)', 'Sort (2 of 4)', 'List a ticket (3 of 4)']) {
      await expect(page.getByText(title)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Skip Tour' })).toBeVisible();
      await page.getByRole('button', { name: 'Next', exact: true }).click();
    }
    await expect(page.getByText('Navigation (4 of 4)')).toBeVisible();
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByText('List a ticket (3 of 4)')).toBeVisible();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Finish Tour' }).click();
    await expect(page.getByText('Navigation (4 of 4)')).toBeHidden();
    const jordanId = (await (await page.request.get('/api/user')).json()).id as number;
    expect(await page.evaluate((id) => localStorage.getItem(`encore.tour.completed.${id}`), jordanId)).toBe(
      'true',
    );

    // Finishing is enough: the next visit goes straight to the marketplace.
    await page.clock.install();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome, Jordan' })).toBeVisible();
    await page.clock.runFor(2_000);
    await expect(welcome).toBeHidden();
  });
});
