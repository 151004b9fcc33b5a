import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { MY_TICKETS_TEXT } from '../common/messages';
import {
  DEMO_ACCOUNTS,
  expectNoSeriousViolations,
  newParty,
  signInThroughApi,
  skipWelcomeTour,
  toastWith,
} from './helpers';
import { buyThroughSandbox, listTicketThroughApi } from './sale-helpers';

/** Screenshots of every tab at both widths, for a person to look at (not compared). */
const SHOTS_DIR = process.env.MY_TICKETS_SHOTS_DIR ?? '/tmp/transfers-shots';

const tab = (page: Page, name: RegExp) => page.getByRole('tab', { name });

/** The seeded admin (server/seed/users.ts). */
const ADMIN = DEMO_ACCOUNTS.admin;

/** Axe at 1280 px and at 390 px, then back to 1280. */
async function expectAtBothWidths(page: Page, label: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoSeriousViolations(page, `${label} at 1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousViolations(page, `${label} at 390`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('My Tickets', () => {
  test('a seller and a buyer take a sale from pending to bought and sold', async ({ browser }) => {
    // Two browsers, five axe runs and a real checkout: more than one default test timeout on a busy machine.
    test.setTimeout(180_000);
    const seller = await newParty(browser);
    const buyer = await newParty(browser);

    // A newcomer sees every tab empty, pending first.
    await buyer.page.goto('/my-tickets');
    await expect(buyer.page.getByRole('heading', { name: MY_TICKETS_TEXT.title, level: 1 })).toBeVisible();
    await expect(tab(buyer.page, /Pending/)).toHaveAttribute('aria-selected', 'true');
    await expect(buyer.page.getByText(MY_TICKETS_TEXT.emptyPending)).toBeVisible();
    await expectNoSeriousViolations(buyer.page, 'empty pending tab at 1280');
    for (const [name, empty] of [
      [/Active Listings/, MY_TICKETS_TEXT.emptyListings],
      [/Bought/, MY_TICKETS_TEXT.emptyBought],
      [/Sold/, MY_TICKETS_TEXT.emptySold],
    ] as const) {
      await tab(buyer.page, name).click();
      await expect(buyer.page.getByText(empty)).toBeVisible();
    }

    // The seller lists two tickets and deletes one from Active Listings.
    const keptId = await listTicketThroughApi(seller.page.request, 'Harbor Lights Live');
    const doomedId = await listTicketThroughApi(seller.page.request, 'Canceled Encore Night');
    await seller.page.goto('/my-tickets');
    await tab(seller.page, /Active Listings/).click();
    await expect(tab(seller.page, /Active Listings/)).toContainText('(2)');
    const doomed = seller.page.getByTestId(`my-ticket-${doomedId}`);
    await expect(doomed.getByText(MY_TICKETS_TEXT.badgeActiveListing)).toBeVisible();
    await doomed.getByRole('button', { name: /^Delete/ }).click();
    const confirm = seller.page.getByRole('alertdialog', { name: MY_TICKETS_TEXT.deleteTitle });
    await expect(confirm).toContainText(MY_TICKETS_TEXT.deleteDescription);
    // The dialog names the listing it deletes: event, date and section.
    await expect(confirm.getByTestId('dialog-ticket')).toContainText('Canceled Encore Night');
    await expect(confirm.getByTestId('dialog-ticket')).toContainText('Section 104');
    await confirm.getByRole('button', { name: MY_TICKETS_TEXT.delete }).click();
    await expect(toastWith(seller.page, MY_TICKETS_TEXT.successTitle)).toContainText(MY_TICKETS_TEXT.deleted);
    await expect(doomed).toBeHidden();
    // Focus goes to the listing left in its place, not to the page body.
    await expect(seller.page.getByTestId(`my-ticket-${keptId}`)).toBeFocused();
    await expect(tab(seller.page, /Active Listings/)).toContainText('(1)');

    // The buyer buys the other one; the seller's pending tab asks for the transfer.
    await buyThroughSandbox(buyer.page.request, keptId);
    await seller.page.goto('/my-tickets');
    const sellerCard = seller.page.getByTestId(`my-ticket-${keptId}`);
    await expect(seller.page.getByRole('heading', { name: MY_TICKETS_TEXT.sellerSection })).toBeVisible();
    await expect(sellerCard.getByText(MY_TICKETS_TEXT.badgeActionRequired)).toBeVisible();
    await expect(seller.page.getByTestId('seller-action-dot')).toBeVisible();
    await expect(sellerCard).toContainText(`${MY_TICKETS_TEXT.buyer}: ${buyer.account.username}`);
    await expect(sellerCard.getByText('No Ticketmaster email on file')).toBeVisible();
    await expect(sellerCard.getByText(MY_TICKETS_TEXT.totalPaidFor(2))).toBeVisible();
    await expectNoSeriousViolations(seller.page, 'seller pending card at 1280');

    await sellerCard.getByRole('button', { name: MY_TICKETS_TEXT.initiateTransfer }).click();
    const dialog = seller.page.getByRole('alertdialog', { name: MY_TICKETS_TEXT.initiateDialogTitle });
    await expect(dialog).toContainText(MY_TICKETS_TEXT.initiateDialogBody);
    await expectNoSeriousViolations(seller.page, 'initiate dialog');
    await dialog.getByRole('button', { name: MY_TICKETS_TEXT.proceed }).click();
    await expect(toastWith(seller.page, MY_TICKETS_TEXT.initiatedTitle)).toContainText(
      MY_TICKETS_TEXT.initiated,
    );
    await expect(sellerCard.getByText(MY_TICKETS_TEXT.badgeAwaitingConfirmation)).toBeVisible();
    await expect(seller.page.getByTestId('seller-action-dot')).toBeHidden();

    // The buyer's list refreshes when their window regains focus.
    await buyer.page.goto('/my-tickets');
    const buyerCard = buyer.page.getByTestId(`my-ticket-${keptId}`);
    await expect(buyerCard.getByRole('button', { name: MY_TICKETS_TEXT.confirmReceipt })).toBeVisible();
    await expect(buyerCard.getByText(MY_TICKETS_TEXT.checkEmail)).toBeVisible();
    await expect(buyerCard).toContainText(`${MY_TICKETS_TEXT.seller}: ${seller.account.username}`);
    await buyerCard.getByRole('button', { name: MY_TICKETS_TEXT.confirmReceipt }).click();
    await buyer.page
      .getByRole('alertdialog', { name: MY_TICKETS_TEXT.confirmDialogTitle })
      .getByRole('button', { name: MY_TICKETS_TEXT.confirmReceipt })
      .click();
    await expect(toastWith(buyer.page, MY_TICKETS_TEXT.completedTitle)).toContainText(
      MY_TICKETS_TEXT.completed,
    );
    await expect(buyer.page.getByText(MY_TICKETS_TEXT.emptyPending)).toBeVisible();
    await tab(buyer.page, /Bought/).click();
    await expect(buyerCard.getByText(MY_TICKETS_TEXT.badgePurchased)).toBeVisible();

    await seller.page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(seller.page.getByText(MY_TICKETS_TEXT.emptyPending)).toBeVisible();
    await tab(seller.page, /Sold/).click();
    await expect(sellerCard.getByText(MY_TICKETS_TEXT.badgeSold)).toBeVisible();
    await expect(sellerCard.getByText(MY_TICKETS_TEXT.priceDetails)).toBeVisible();
  });

  test('a withdrawn listing says why; the buyer adds their transfer e-mail on the card and the seller sees it', async ({
    browser,
  }) => {
    // Three parties, a real checkout, the badge's poll and axe at two widths on each new state (issue 34).
    test.setTimeout(300_000);
    const seller = await newParty(browser);
    const buyer = await newParty(browser);
    const adminContext = await browser.newContext();
    await signInThroughApi(adminContext.request, ADMIN);

    // An admin withdraws one listing: the seller's card says so, and why, with no Edit that cannot work.
    const withdrawnId = await listTicketThroughApi(seller.page.request, 'Quiet Harbor Revue');
    const soldId = await listTicketThroughApi(seller.page.request, 'Northern Lights Tour');
    const withdrawn = await adminContext.request.put(`/api/admin/tickets/${withdrawnId}`, {
      data: { status: 'cancelled', reason: 'Counterfeit tickets.' },
    });
    expect(withdrawn.status()).toBe(200);
    await adminContext.close();
    await seller.page.goto('/my-tickets');
    await tab(seller.page, /Active Listings/).click();
    const withdrawnCard = seller.page.getByTestId(`my-ticket-${withdrawnId}`);
    await expect(withdrawnCard.getByTestId('card-badge')).toHaveText(MY_TICKETS_TEXT.badgeWithdrawn);
    await expect(withdrawnCard.getByTestId('sale-notice')).toHaveText(MY_TICKETS_TEXT.withdrawnNotice);
    await expect(withdrawnCard.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
    await expect(withdrawnCard.getByRole('button', { name: /^Delete/ })).toBeVisible();
    await expectAtBothWidths(seller.page, 'withdrawn listing card');

    // The buyer, with no Ticketmaster e-mail, buys the other: their purchase e-mail asked for it, so the
    // seller's card says the buyer was notified.
    await buyThroughSandbox(buyer.page.request, soldId);
    await seller.page.goto('/my-tickets');
    const sellerCard = seller.page.getByTestId(`my-ticket-${soldId}`);
    await expect(sellerCard.getByText(MY_TICKETS_TEXT.noEmailOnFile('Ticketmaster'))).toBeVisible();
    await expect(sellerCard.getByText(MY_TICKETS_TEXT.buyerNotifiedForEmail)).toBeVisible();

    // The buyer's pending card asks for it and saves it to their profile.
    await buyer.page.goto('/my-tickets');
    const request = buyer.page.getByTestId(`my-ticket-${soldId}`).getByTestId('transfer-email-request');
    await expect(request).toContainText(MY_TICKETS_TEXT.transferEmailTitle('Ticketmaster'));
    await expectAtBothWidths(buyer.page, 'buyer card asking for the transfer e-mail');
    const address = `fan-${Date.now()}@tm.example`;
    await request.getByLabel(MY_TICKETS_TEXT.transferEmailLabel('Ticketmaster')).fill(address);
    await request.getByRole('button', { name: MY_TICKETS_TEXT.transferEmailSave }).click();
    await expect(toastWith(buyer.page, MY_TICKETS_TEXT.transferEmailSaved)).toBeVisible();
    await expect(request).toBeHidden();
    await buyer.page.goto('/profile');
    await expect(buyer.page.getByLabel('Ticketmaster Email')).toHaveValue(address);

    // Without a reload, the seller's card reads the buyer's e-mail again at the badge's pace (30 s).
    await expect(sellerCard.getByText(address)).toBeVisible({ timeout: 45_000 });
    await expect(sellerCard.getByText(MY_TICKETS_TEXT.buyerNotifiedForEmail)).toHaveCount(0);
  });

  for (const width of [1280, 390]) {
    test(`maya's demo tickets in every tab pass axe at ${width} px`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await skipWelcomeTour(page);
      await signInThroughApi(page.request, DEMO_ACCOUNTS.maya);
      await page.goto('/my-tickets');
      await expect(page.getByRole('heading', { name: MY_TICKETS_TEXT.sellerSection })).toBeVisible();
      await expect(page.getByRole('heading', { name: MY_TICKETS_TEXT.buyerSection })).toBeVisible();
      mkdirSync(SHOTS_DIR, { recursive: true });
      for (const [name, label] of [
        [/Pending/, 'pending'],
        [/Listings/, 'listings'],
        [/Bought/, 'bought'],
        [/Sold/, 'sold'],
      ] as const) {
        await tab(page, name).click();
        await expect(page.getByRole('article').first()).toBeVisible();
        await expectNoSeriousViolations(page, `${label} tab at ${width}`);
        await page.screenshot({ path: `${SHOTS_DIR}/my-tickets-${label}-${width}.png`, fullPage: true });
      }
    });
  }
});
