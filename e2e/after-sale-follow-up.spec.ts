import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { MESSAGE_TEXT, MY_TICKETS_TEXT, REVIEW_TEXT } from '../common/messages';
import { expectNoSeriousViolations, newParty, toastWith } from './helpers';
import { buyThroughSandbox, listTicketThroughApi } from './sale-helpers';

/**
 * Issue 20 §2, after the sale as a newcomer met it: the buyer's card keeps up with the thread, Confirm
 * Receipt asks first and names the ticket, focus never falls to the page body, the Bought tab shows what the
 * card was charged, the tab stays in the address, and system notes show readable dates.
 */

const SHOTS_DIR = process.env.AFTER_SALE_SHOTS_DIR ?? 'test-results/after-sale-screenshots';

const DESKTOP = { width: 1280, height: 800 };

/** Axe and a screenshot at 1280 and at 390 px, back to 1280 afterwards. */
async function checkAtBothWidths(page: Page, label: string) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const file = label.replace(/\W+/g, '-');
  await expectNoSeriousViolations(page, `${label} at 1280`);
  await page.screenshot({ path: `${SHOTS_DIR}/${file}-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousViolations(page, `${label} at 390`);
  await page.screenshot({ path: `${SHOTS_DIR}/${file}-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Focus is on a real control, not on the page body. */
async function expectFocusKept(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => document.activeElement !== null && document.activeElement !== document.body),
    )
    .toBe(true);
}

const tab = (page: Page, name: RegExp) => page.getByRole('tab', { name });

test.describe('after the sale, issue 20', () => {
  test('the buyer confirms a transfer the card learnt of by itself, keeping focus, the tab and what was paid', async ({
    browser,
  }) => {
    // Two browsers, a real checkout, a 5 s poll and several axe runs at two widths.
    test.setTimeout(300_000);
    const seller = await newParty(browser, { viewport: DESKTOP });
    const buyer = await newParty(browser, { viewport: DESKTOP });
    const eventName = 'Lantern Bay Sessions';
    const ticketId = await listTicketThroughApi(seller.page.request, eventName);
    await buyThroughSandbox(buyer.page.request, ticketId);

    // The buyer watches the card with the thread open; the sale's note gives the deadline in the venue's time
    // with its zone (decision 0056), never '… 00:00 UTC'.
    await buyer.page.goto('/my-tickets');
    const buyerCard = buyer.page.getByTestId(`my-ticket-${ticketId}`);
    await expect(buyerCard.getByTestId('card-badge')).toHaveText(MY_TICKETS_TEXT.badgeAwaitingTransfer);
    await buyerCard.getByRole('button', { name: MY_TICKETS_TEXT.messages, exact: true }).click();
    const log = buyerCard.getByRole('log', { name: MESSAGE_TEXT.threadLabel });
    const saleNote = log.locator('[data-kind="system"]').first();
    await expect(saleNote).toContainText(
      /Ticket sold\. The seller must transfer the ticket by [A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4} at 12:00 AM [A-Z]{3,4};/,
    );
    await expect(saleNote).not.toContainText(/\d{4}-\d{2}-\d{2}|UTC/);

    // The seller, with no Ticketmaster e-mail from the buyer, is warned until the transfer is initiated.
    await seller.page.goto('/my-tickets');
    const sellerCard = seller.page.getByTestId(`my-ticket-${ticketId}`);
    await expect(sellerCard.getByText(MY_TICKETS_TEXT.noEmailOnFile('Ticketmaster'))).toBeVisible();
    await sellerCard.getByRole('button', { name: MY_TICKETS_TEXT.initiateTransfer }).click();
    const initiate = seller.page.getByRole('alertdialog', { name: MY_TICKETS_TEXT.initiateDialogTitle });
    await expect(initiate.getByTestId('dialog-ticket')).toContainText(eventName);
    await expect(initiate.getByTestId('dialog-ticket')).toContainText('Section 104 · Row F · 2 tickets');
    await checkAtBothWidths(seller.page, 'confirm ticket transfer dialog');
    await initiate.getByRole('button', { name: MY_TICKETS_TEXT.proceed }).click();
    await expect(toastWith(seller.page, MY_TICKETS_TEXT.initiatedTitle)).toBeVisible();
    await expect(sellerCard.getByTestId('card-badge')).toHaveText(MY_TICKETS_TEXT.badgeAwaitingConfirmation);
    // The button is gone; focus stays on its card.
    await expect(sellerCard).toBeFocused();
    await expect(sellerCard.getByText(MY_TICKETS_TEXT.noEmailOnFile('Ticketmaster'))).toHaveCount(0);
    await expect(sellerCard.getByText(MY_TICKETS_TEXT.buyerNotifiedForEmail)).toHaveCount(0);

    // Without a reload or a refocus, the buyer's thread learns of the step and the card follows it.
    await expect(log.getByText('The seller has initiated the ticket transfer.')).toBeVisible({
      timeout: 20_000,
    });
    const confirmButton = buyerCard.getByRole('button', { name: MY_TICKETS_TEXT.confirmReceipt });
    await expect(confirmButton).toBeVisible({ timeout: 10_000 });
    await expect(buyerCard.getByTestId('card-badge')).toHaveText(MY_TICKETS_TEXT.badgeConfirmReceipt);

    // Confirm Receipt asks first, naming the ticket; by keyboard, Go Back returns to the button.
    await confirmButton.focus();
    await buyer.page.keyboard.press('Enter');
    const confirm = buyer.page.getByRole('alertdialog', { name: MY_TICKETS_TEXT.confirmDialogTitle });
    await expect(confirm).toContainText(MY_TICKETS_TEXT.confirmDialogBody);
    await expect(confirm.getByTestId('dialog-ticket')).toContainText(eventName);
    await expect(confirm.getByTestId('dialog-ticket')).toContainText('Section 104');
    await checkAtBothWidths(buyer.page, 'confirm receipt dialog');
    await buyer.page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(confirmButton).toBeFocused();
    await expect(buyerCard).toBeVisible();

    await buyer.page.keyboard.press('Enter');
    await confirm.getByRole('button', { name: MY_TICKETS_TEXT.confirmReceipt }).click();
    await expect(toastWith(buyer.page, MY_TICKETS_TEXT.completedTitle)).toBeVisible();
    await expect(buyerCard).toBeHidden();
    await expect(buyer.page.getByText(MY_TICKETS_TEXT.emptyPending)).toBeVisible();
    await expectFocusKept(buyer.page);

    // Bought shows what the card was charged: 2 × $99.00 plus the 1.95% card fee ($3.86) = $201.86.
    await tab(buyer.page, /Bought/).click();
    await expect(buyer.page).toHaveURL(/\/my-tickets\?tab=bought$/);
    const bought = buyer.page.getByTestId(`my-ticket-${ticketId}`);
    const prices = bought.locator('section').filter({ hasText: MY_TICKETS_TEXT.priceDetails });
    await expect(prices).toContainText(`${MY_TICKETS_TEXT.processingFee}$3.86`);
    await expect(prices).toContainText(`${MY_TICKETS_TEXT.totalPaid}$201.86`);
    await expect(prices).not.toContainText('$198.00');
    await checkAtBothWidths(buyer.page, 'bought card with the amount charged');

    // The tab survives a reload and Back, and ?tab= opens it.
    await buyer.page.reload();
    await expect(tab(buyer.page, /Bought/)).toHaveAttribute('aria-selected', 'true');
    await buyer.page.goto('/profile');
    await buyer.page.goBack();
    await expect(tab(buyer.page, /Bought/)).toHaveAttribute('aria-selected', 'true');
    await buyer.page.goto('/my-tickets?tab=listings');
    await expect(tab(buyer.page, /Active Listings/)).toHaveAttribute('aria-selected', 'true');

    // The seller's Sold tab has the sale; the seller's sold card shows the sale's own total.
    await seller.page.goto('/my-tickets?tab=sold');
    await expect(seller.page.getByTestId(`my-ticket-${ticketId}`)).toContainText(
      `${MY_TICKETS_TEXT.total}$198.00`,
    );

    // Reviews: dismissing the dialog returns focus to Write Review; writing one moves it to the heading.
    await buyer.page.goto('/pending-reviews');
    const write = buyer.page.getByRole('button', {
      name: new RegExp(`${REVIEW_TEXT.writeReview} for ${eventName}`),
    });
    await write.focus();
    await buyer.page.keyboard.press('Enter');
    const review = buyer.page.getByRole('dialog', { name: REVIEW_TEXT.dialogTitle });
    await expect(review).toBeVisible();
    await buyer.page.keyboard.press('Escape');
    await expect(review).toBeHidden();
    await expect(write).toBeFocused();
    await buyer.page.keyboard.press('Enter');
    await review.getByLabel(REVIEW_TEXT.commentLabel).fill('Quick transfer, friendly seller.');
    await review.getByRole('button', { name: REVIEW_TEXT.submit }).click();
    await expect(toastWith(buyer.page, REVIEW_TEXT.submitted)).toBeVisible();
    await expect(buyer.page.getByText(REVIEW_TEXT.noPending)).toBeVisible();
    await expect(buyer.page.getByRole('heading', { level: 1, name: REVIEW_TEXT.pendingTitle })).toBeFocused();

    await seller.page.context().close();
    await buyer.page.context().close();
  });
});
