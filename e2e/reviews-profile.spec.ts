import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { PROFILE_TEXT, REGISTRATION_TEXT, REVIEW_TEXT } from '../common/messages';
import {
  DEMO_ACCOUNTS,
  expectNoSeriousViolations,
  freeListingOf,
  type ListedTicket,
  signInThroughApi,
  signUpAndSignIn,
  skipWelcomeTour,
  type TestAccount,
  toastWith,
} from './helpers';

const SHOTS = process.env.REVIEWS_SHOTS_DIR ?? 'test-results/reviews-profile-screenshots';
/** Maya's listings some journey of this file already bought. */
const taken: number[] = [];

/** Buys one of maya's listings as the signed-in `page` through the sandbox (lock, payment, pay). */
async function buyFromMaya(page: Page): Promise<ListedTicket> {
  const ticket = await freeListingOf(page.request, 'maya', taken);
  taken.push(ticket.id);
  const lock = await page.request.post(`/api/tickets/${ticket.id}/lock`);
  expect(lock.ok(), await lock.text()).toBe(true);
  const { version } = (await lock.json()) as { version: number };
  const payment = await page.request.post(`/api/tickets/${ticket.id}/payment`, {
    data: { amount: ticket.buyerPays, version },
  });
  expect(payment.ok(), await payment.text()).toBe(true);
  const { url } = (await payment.json()) as { url: string };
  const sessionId = url.split('/sandbox/checkout/')[1] ?? '';
  const paid = await page.request.post(`/api/sandbox/checkout/${sessionId}/pay`, {
    data: { cardNumber: '4242 4242 4242 4242', expMonth: '12', expYear: '2031', cvc: '123' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  return ticket;
}

/** Maya, signed in through the API in a browser context of her own. */
async function mayaContext(
  browser: Browser,
): Promise<{ page: Page; request: APIRequestContext; id: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await skipWelcomeTour(page);
  await signInThroughApi(context.request, DEMO_ACCOUNTS.maya);
  const me = (await (await context.request.get('/api/user')).json()) as { id: number };
  return { page, request: context.request, id: me.id };
}

/**
 * A sale that went all the way: a fresh buyer in `page` buys one of maya's tickets, maya sends it and the
 * buyer confirms receipt, which asks both of them for a review.
 */
async function completedSaleWithMaya(page: Page, browser: Browser) {
  await skipWelcomeTour(page);
  const buyer = await signUpAndSignIn(page);
  const ticket = await buyFromMaya(page);
  const maya = await mayaContext(browser);
  const initiated = await maya.request.post(`/api/tickets/${ticket.id}/initiate-transfer`);
  expect(initiated.ok(), await initiated.text()).toBe(true);
  const completed = await page.request.post(`/api/tickets/${ticket.id}/complete-transfer`);
  expect(completed.ok(), await completed.text()).toBe(true);
  return { buyer, ticket, maya };
}

function pendingCard(page: Page, eventName: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: eventName }) });
}

test.describe('reviews and the profile', () => {
  test('the buyer and the seller review each other from Pending Reviews, with keyboard stars', async ({
    page,
    browser,
  }) => {
    const { buyer, ticket, maya } = await completedSaleWithMaya(page, browser);
    await page.goto('/pending-reviews');
    await expect(page.getByRole('heading', { level: 1, name: REVIEW_TEXT.pendingTitle })).toBeVisible();
    const card = pendingCard(page, ticket.eventName);
    await expect(card).toContainText(`${REVIEW_TEXT.withSeller} maya`);
    await card.getByRole('button', { name: new RegExp(REVIEW_TEXT.writeReview) }).click();

    const dialog = page.getByRole('dialog', { name: REVIEW_TEXT.dialogTitle });
    const five = dialog.getByRole('radio', { name: '5 stars' });
    await expect(five).toBeChecked();
    // Keyboard only: Tab reaches the chosen star, the arrows choose.
    await five.focus();
    // Held like a person holds a key: Radix moves focus a task after keydown and checks the radio only while
    // the arrow is still down, so an instant press-and-release can race it.
    await page.keyboard.down('ArrowLeft');
    await expect(dialog.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await page.keyboard.up('ArrowLeft');
    await expect(dialog.getByRole('radio', { name: '4 stars' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel(REVIEW_TEXT.commentLabel)).toBeFocused();
    await page.keyboard.type('Sent right away, smooth entry.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(toastWith(page, REVIEW_TEXT.submitted)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(pendingCard(page, ticket.eventName)).toHaveCount(0);
    await expect(page.getByText(REVIEW_TEXT.noPending)).toBeVisible();

    const reviews = await page.request.get(`/api/users/${maya.id}/reviews?limit=1`);
    expect(await reviews.json()).toEqual([
      expect.objectContaining({
        rating: 4,
        reviewerName: buyer.username,
        comment: 'Sent right away, smooth entry.',
        reviewType: 'buyer_to_seller',
      }),
    ]);

    // The seller's side: review the buyer, then find the buyer's review on the profile's My Reviews tab.
    await maya.page.goto('/pending-reviews');
    const sellerCard = pendingCard(maya.page, ticket.eventName);
    await expect(sellerCard).toContainText(`${REVIEW_TEXT.withBuyer} ${buyer.username}`);
    await sellerCard.getByRole('button', { name: new RegExp(REVIEW_TEXT.writeReview) }).click();
    const sellerDialog = maya.page.getByRole('dialog', { name: REVIEW_TEXT.dialogTitle });
    await sellerDialog.getByLabel(REVIEW_TEXT.commentLabel).fill('Paid fast, friendly.');
    await sellerDialog.getByRole('button', { name: REVIEW_TEXT.submit }).click();
    await expect(toastWith(maya.page, REVIEW_TEXT.submitted)).toBeVisible();
    await maya.page.goto('/profile?tab=reviews');
    await expect(maya.page.getByRole('heading', { level: 2, name: PROFILE_TEXT.reviewsTab })).toBeVisible();
    await expect(maya.page.getByText('Sent right away, smooth entry.')).toBeVisible();
    await page.goto('/profile?tab=reviews');
    await expect(page.getByText('Paid fast, friendly.')).toBeVisible();
    await maya.page.context().close();
  });

  test('the profile saves transfer e-mails, refuses a malformed one and starts an e-mail change', async ({
    page,
  }) => {
    await skipWelcomeTour(page);
    const account: TestAccount = await signUpAndSignIn(page);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 2, name: PROFILE_TEXT.settingsTab })).toBeVisible();
    await expect(page.getByText('No reviews yet').first()).toBeVisible();

    await page.getByLabel(PROFILE_TEXT.axsEmail).fill('not an address');
    await page.getByRole('button', { name: PROFILE_TEXT.save }).click();
    await expect(page.getByText(REGISTRATION_TEXT.emailInvalid)).toBeVisible();

    await page.getByLabel(PROFILE_TEXT.axsEmail).fill('');
    await page.getByLabel(PROFILE_TEXT.ticketmasterEmail).fill(`tm-${account.email}`);
    await page.getByLabel(PROFILE_TEXT.fullName).fill('Test A. Fan');
    await page.getByRole('button', { name: PROFILE_TEXT.save }).click();
    await expect(toastWith(page, PROFILE_TEXT.saved)).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(PROFILE_TEXT.ticketmasterEmail)).toHaveValue(`tm-${account.email}`);
    await expect(page.getByLabel(PROFILE_TEXT.fullName)).toHaveValue('Test A. Fan');

    await page.getByRole('button', { name: PROFILE_TEXT.changeEmail }).click();
    const dialog = page.getByRole('dialog', { name: PROFILE_TEXT.changeEmailTitle });
    await dialog.getByLabel(PROFILE_TEXT.newEmail).fill(`new-${account.email}`);
    await dialog.getByRole('button', { name: PROFILE_TEXT.sendConfirmation }).click();
    await expect(page.getByRole('dialog', { name: PROFILE_TEXT.emailChangeInitiated })).toBeVisible();
    await expect(page.getByText(PROFILE_TEXT.emailChangeSentTo(account.email)).first()).toBeVisible();
    const outbox = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(account.email)}`);
    expect(JSON.stringify(await outbox.json())).toContain(`new-${account.email}`);
  });
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`accessibility and screenshots at ${viewport.width} px`, () => {
    test.use({ viewport });
    const shot = (page: Page, name: string, fullPage = true) =>
      page.screenshot({ path: `${SHOTS}/${name}-${viewport.width}.png`, fullPage });

    test('Pending Reviews, the review dialog with its error, and the empty list', async ({
      page,
      browser,
    }) => {
      const { ticket, maya } = await completedSaleWithMaya(page, browser);
      await maya.page.context().close();
      await page.goto('/pending-reviews');
      await expect(pendingCard(page, ticket.eventName)).toBeVisible();
      await expectNoSeriousViolations(page, 'pending reviews');
      await shot(page, 'pending-reviews');

      await pendingCard(page, ticket.eventName)
        .getByRole('button', { name: new RegExp(REVIEW_TEXT.writeReview) })
        .click();
      const dialog = page.getByRole('dialog', { name: REVIEW_TEXT.dialogTitle });
      await dialog.getByRole('button', { name: REVIEW_TEXT.submit }).click();
      await expect(dialog.getByRole('alert')).toHaveText(REVIEW_TEXT.commentRequired);
      await expectNoSeriousViolations(page, 'review dialog with an error');
      await shot(page, 'review-dialog-error', false);

      await dialog.getByLabel(REVIEW_TEXT.commentLabel).fill('All good.');
      await dialog.getByRole('button', { name: REVIEW_TEXT.submit }).click();
      await expect(page.getByText(REVIEW_TEXT.noPending)).toBeVisible();
      await expectNoSeriousViolations(page, 'no pending reviews');
      await shot(page, 'pending-reviews-empty');
    });

    test('the profile, its errors, the Change Email dialog and My Reviews', async ({ page }) => {
      await skipWelcomeTour(page);
      await signUpAndSignIn(page);
      await page.goto('/profile');
      await expect(page.getByLabel(PROFILE_TEXT.firstName)).toHaveValue('Test');
      await expectNoSeriousViolations(page, 'profile settings');
      await shot(page, 'profile-settings');

      await page.getByLabel(PROFILE_TEXT.firstName).fill('');
      await page.getByLabel(PROFILE_TEXT.livenationEmail).fill('nope');
      await page.getByRole('button', { name: PROFILE_TEXT.save }).click();
      await expect(page.getByText(REGISTRATION_TEXT.firstNameRequired)).toBeVisible();
      await expectNoSeriousViolations(page, 'profile settings with errors');
      await shot(page, 'profile-settings-errors');

      await page.getByRole('button', { name: PROFILE_TEXT.changeEmail }).click();
      await expect(page.getByRole('dialog', { name: PROFILE_TEXT.changeEmailTitle })).toBeVisible();
      await expectNoSeriousViolations(page, 'change email dialog');
      await shot(page, 'change-email-dialog', false);
      await page.keyboard.press('Escape');

      await page.getByRole('tab', { name: PROFILE_TEXT.reviewsTab }).click();
      await expect(page.getByText(REVIEW_TEXT.noReviews).last()).toBeVisible();
      await expectNoSeriousViolations(page, 'my reviews');
      await shot(page, 'profile-my-reviews');

      await page.route('**/api/users/*/reviews*', (route) => route.fulfill({ status: 500, body: '' }));
      await page.reload();
      await expect(page.getByText('Error loading reviews: 500: Internal Server Error')).toBeVisible();
      await expectNoSeriousViolations(page, 'my reviews failing to load');
      await shot(page, 'profile-my-reviews-error');
    });
  });
}
