import { expect, type Page, test } from '@playwright/test';
import {
  BARCODE_TEXT,
  MESSAGE_TEXT,
  MY_TICKETS_TEXT,
  PAYOUT_TEXT,
  PROFILE_TEXT,
  SALE_STATE_TEXT,
} from '../common/messages';
import { WALLET_TEXT } from '../common/texts/wallet';
import { expectImageDrawn, expectNoSeriousViolations, newParty, ticketImagePng, toastWith } from './helpers';
import { buyThroughSandbox, listTicketThroughApi } from './sale-helpers';

/**
 * After the sale, in two browsers: the per-ticket messages with their navigation badge, a paper ticket's
 * barcode from upload to download, and the buyer's transfer e-mail on the seller's card.
 */

/** Screenshots for a person to look at (not compared). */
const SHOTS_DIR = process.env.AFTER_SALE_SHOTS_DIR ?? 'test-results/after-sale-screenshots';

/** Axe at the desktop row (1280 px) and the phone layout (390 px), back to 1280 afterwards. */
async function expectAccessibleAtBothWidths(page: Page, label: string) {
  const file = label.replace(/\W+/g, '-');
  await expectNoSeriousViolations(page, `${label} at 1280`);
  await page.screenshot({ path: `${SHOTS_DIR}/${file}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousViolations(page, `${label} at 390`);
  await page.screenshot({ path: `${SHOTS_DIR}/${file}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

const DESKTOP = { width: 1280, height: 800 };

/** The My Tickets link of the desktop navigation row, whose badge counts transfer steps and unread messages. */
function myTicketsLink(page: Page) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^My Tickets/ });
}

async function expectMyTicketsBadge(page: Page, count: number) {
  await expect(myTicketsLink(page)).toHaveAccessibleName(
    count === 0
      ? 'My Tickets'
      : new RegExp(`^My Tickets\\s+${count}\\s+pending transfers and unread messages$`),
  );
}

/** The texts of the people's messages in `card`'s open thread, oldest first (system notes left out). */
function spokenMessages(page: Page, ticketId: number) {
  return page
    .getByTestId(`my-ticket-${ticketId}`)
    .getByRole('log', { name: MESSAGE_TEXT.threadLabel })
    .locator('[data-testid="message"]:not([data-kind="system"]) > p:nth-child(2)');
}

async function openThread(page: Page, ticketId: number) {
  const card = page.getByTestId(`my-ticket-${ticketId}`);
  await card.getByRole('button', { name: MY_TICKETS_TEXT.messages, exact: true }).click();
  const log = card.getByRole('log', { name: MESSAGE_TEXT.threadLabel });
  await expect(log).toBeVisible();
  return log;
}

async function sendMessage(page: Page, ticketId: number, text: string) {
  const card = page.getByTestId(`my-ticket-${ticketId}`);
  const input = card.getByPlaceholder(MESSAGE_TEXT.placeholder);
  await input.fill(text);
  await card.getByRole('button', { name: MESSAGE_TEXT.send }).click();
  await expect(input).toHaveValue('');
}

async function initiateTransfer(page: Page, ticketId: number) {
  await page
    .getByTestId(`my-ticket-${ticketId}`)
    .getByRole('button', { name: MY_TICKETS_TEXT.initiateTransfer })
    .click();
  const dialog = page.getByRole('alertdialog', { name: MY_TICKETS_TEXT.initiateDialogTitle });
  await dialog.getByRole('button', { name: MY_TICKETS_TEXT.proceed }).click();
  await expect(toastWith(page, MY_TICKETS_TEXT.initiatedTitle)).toBeVisible();
}

test.describe('after the sale', () => {
  test('buyer and seller talk on the pending card; badges follow the messages and the steps', async ({
    browser,
  }) => {
    // Two browsers, a real checkout, a 5 s poll and four axe runs: more than the default timeout when busy.
    test.setTimeout(240_000);
    const seller = await newParty(browser, { viewport: DESKTOP });
    const buyer = await newParty(browser, { viewport: DESKTOP });

    // The buyer gives a Ticketmaster e-mail on the profile before buying.
    const transferEmail = `tm-${buyer.account.email}`;
    await buyer.page.goto('/profile');
    await buyer.page.getByLabel(PROFILE_TEXT.ticketmasterEmail).fill(transferEmail);
    await buyer.page.getByRole('button', { name: PROFILE_TEXT.save }).click();
    await expect(toastWith(buyer.page, PROFILE_TEXT.saved)).toBeVisible();

    const ticketId = await listTicketThroughApi(seller.page.request, 'Harbor Lights Talkback');
    await buyThroughSandbox(buyer.page.request, ticketId);

    // The seller's pending card names the e-mail to transfer to; one step waits on the seller.
    await seller.page.goto('/my-tickets');
    const sellerCard = seller.page.getByTestId(`my-ticket-${ticketId}`);
    await expect(sellerCard.getByText(MY_TICKETS_TEXT.badgeActionRequired)).toBeVisible();
    await expect(
      sellerCard.locator('p').filter({ hasText: MY_TICKETS_TEXT.transferTo('Ticketmaster') }),
    ).toContainText(transferEmail);
    await expect(sellerCard.getByText(MY_TICKETS_TEXT.noEmailOnFile('Ticketmaster'))).toBeHidden();
    await expect(seller.page.getByTestId('seller-action-dot')).toBeVisible();
    await expectMyTicketsBadge(seller.page, 1);

    // The buyer waits on the seller: no badge yet. The thread starts empty or with the sale's system note.
    await buyer.page.goto('/my-tickets');
    await expectMyTicketsBadge(buyer.page, 0);
    const buyerLog = await openThread(buyer.page, ticketId);
    await expect(
      buyerLog.getByText(MESSAGE_TEXT.empty).or(buyerLog.locator('[data-kind="system"]').first()),
    ).toBeVisible();
    const question = '<b>Hi!</b> Could you send them <script>alert(1)</script> before Friday?';
    await sendMessage(buyer.page, ticketId, question);
    await expect(spokenMessages(buyer.page, ticketId)).toHaveText([question]);
    await expect(buyerLog.locator('b, script')).toHaveCount(0);

    // The seller's badge counts the unread message after a reload (the badge itself polls every 30 s).
    await seller.page.reload();
    await expectMyTicketsBadge(seller.page, 2);
    // On a phone the same count sits on the menu button.
    await seller.page.setViewportSize({ width: 390, height: 844 });
    await expect(seller.page.getByRole('button', { name: 'Open menu, 2 notifications' })).toBeVisible();
    await seller.page.setViewportSize({ width: 1280, height: 800 });
    await openThread(seller.page, ticketId);
    await expect(spokenMessages(seller.page, ticketId)).toHaveText([question]);
    // Reading the thread clears its part of the badge.
    await expectMyTicketsBadge(seller.page, 1);
    await expectAccessibleAtBothWidths(seller.page, 'seller pending card with an open thread');

    const answer = 'Sure, sending them tonight & you will get a Ticketmaster e-mail.';
    await sendMessage(seller.page, ticketId, answer);
    await expect(spokenMessages(seller.page, ticketId)).toHaveText([question, answer]);
    // The buyer's open thread polls every 5 s: the answer arrives without a reload.
    await expect(spokenMessages(buyer.page, ticketId)).toHaveText([question, answer], { timeout: 20_000 });
    await expectAccessibleAtBothWidths(buyer.page, 'buyer pending card with an open thread');

    // Once the seller initiates, the step moves to the buyer.
    await initiateTransfer(seller.page, ticketId);
    await expect(seller.page.getByTestId('seller-action-dot')).toBeHidden();
    await seller.page.reload();
    await expectMyTicketsBadge(seller.page, 0);
    await buyer.page.reload();
    await expectMyTicketsBadge(buyer.page, 1);
    await expect(
      buyer.page
        .getByTestId(`my-ticket-${ticketId}`)
        .getByRole('button', { name: MY_TICKETS_TEXT.confirmReceipt }),
    ).toBeVisible();

    // A problem the buyer reports stays reported after a reload, on both sides of the sale.
    const buyerCard = buyer.page.getByTestId(`my-ticket-${ticketId}`);
    await buyerCard.getByRole('button', { name: PAYOUT_TEXT.reportButton }).click();
    const report = buyer.page.getByRole('dialog', { name: PAYOUT_TEXT.reportTitle });
    await report.getByLabel(PAYOUT_TEXT.reportLabel).fill('The Ticketmaster e-mail never came.');
    await report.getByRole('button', { name: PAYOUT_TEXT.reportSubmit }).click();
    await expect(toastWith(buyer.page, PAYOUT_TEXT.reported)).toBeVisible();
    await buyer.page.reload();
    await expect(buyerCard.getByText(SALE_STATE_TEXT.problemReported)).toBeVisible();
    await expect(buyerCard.getByRole('button', { name: PAYOUT_TEXT.reportButton })).toHaveCount(0);
    await expectAccessibleAtBothWidths(buyer.page, 'buyer problem reported');
    await seller.page.reload();
    await expect(
      seller.page.getByTestId(`my-ticket-${ticketId}`).getByText(SALE_STATE_TEXT.payoutOnHold),
    ).toBeVisible();
    await expectAccessibleAtBothWidths(seller.page, 'seller payout on hold');
    await seller.page.context().close();
    await buyer.page.context().close();
  });

  test("a paper ticket's barcode: upload with its error, locked until the transfer, then downloaded", async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const seller = await newParty(browser, { viewport: DESKTOP });
    const buyer = await newParty(browser, { viewport: DESKTOP });
    const stranger = await newParty(browser, { viewport: DESKTOP });
    const ticketId = await listTicketThroughApi(seller.page.request, 'Paper Moon Matinee', 'paper');
    await buyThroughSandbox(buyer.page.request, ticketId);
    const downloadPath = `/api/tickets/${ticketId}/barcode/download`;

    await seller.page.goto('/my-tickets');
    const sellerCard = seller.page.getByTestId(`my-ticket-${ticketId}`);
    const panel = sellerCard.getByRole('region', { name: BARCODE_TEXT.uploadTitle });
    await expect(panel).toBeVisible();
    await expect(panel.getByTestId('barcode-state')).toHaveText(BARCODE_TEXT.none);
    // A paper ticket is transferred by its barcode: no transfer before one is uploaded (decision 0041).
    const initiateButton = sellerCard.getByRole('button', { name: MY_TICKETS_TEXT.initiateTransfer });
    await expect(initiateButton).toBeDisabled();
    await expect(initiateButton).toHaveAccessibleDescription(MY_TICKETS_TEXT.barcodeRequired);

    // A file that is no image is refused before any upload.
    await panel.getByLabel(BARCODE_TEXT.chooseFile).setInputFiles({
      name: 'barcode.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a picture'),
    });
    await expect(panel.getByRole('alert')).toHaveText(BARCODE_TEXT.invalidType);
    await expect(toastWith(seller.page, BARCODE_TEXT.invalidTypeTitle)).toContainText(
      BARCODE_TEXT.invalidTypeToast,
    );
    await expectAccessibleAtBothWidths(seller.page, 'barcode panel with its file-type error');

    await panel.getByLabel(BARCODE_TEXT.chooseFile).setInputFiles({
      name: 'barcode.png',
      mimeType: 'image/png',
      buffer: await ticketImagePng('|| ||| | ||'),
    });
    await expect(toastWith(seller.page, BARCODE_TEXT.uploaded)).toContainText(
      BARCODE_TEXT.uploadedDescription,
    );
    // The card shows the upload at once: no more 'Barcode Upload Required', the image, Replace in focus.
    const uploaded = sellerCard.getByRole('region', { name: BARCODE_TEXT.uploadedTitle });
    await expect(uploaded.getByTestId('barcode-state')).toHaveText(BARCODE_TEXT.current);
    await expect(sellerCard.getByText(BARCODE_TEXT.uploadTitle)).toHaveCount(0);
    const thumbnail = uploaded.getByRole('img', { name: BARCODE_TEXT.thumbnailAlt });
    await expect(thumbnail).toBeVisible();
    await expectImageDrawn(thumbnail);
    await expect(uploaded.getByRole('alert')).toBeHidden();
    await expect(uploaded.getByRole('button', { name: BARCODE_TEXT.replace })).toBeFocused();
    await expectAccessibleAtBothWidths(seller.page, 'barcode panel with a barcode');
    await seller.page.reload();
    await expect(uploaded.getByRole('button', { name: BARCODE_TEXT.replace })).toBeVisible();

    // Before the transfer the buyer sees the access panel locked, and the server agrees.
    await buyer.page.goto('/my-tickets');
    const buyerCard = buyer.page.getByTestId(`my-ticket-${ticketId}`);
    await expect(buyerCard.getByRole('heading', { name: BARCODE_TEXT.accessTitle })).toBeVisible();
    await expect(buyerCard.getByRole('button', { name: BARCODE_TEXT.availableAfterTransfer })).toBeDisabled();
    expect((await buyer.page.request.get(downloadPath)).status()).toBe(404);
    await expectAccessibleAtBothWidths(buyer.page, 'buyer barcode access before the transfer');

    // The seller initiates: the seller's step is done, the buyer's begins.
    await expectMyTicketsBadge(seller.page, 1);
    await initiateTransfer(seller.page, ticketId);
    await seller.page.reload();
    await expectMyTicketsBadge(seller.page, 0);
    // From now on the barcode can be replaced, and the buyer is told, but no longer removed.
    const sent = sellerCard.getByRole('region', { name: BARCODE_TEXT.uploadedTitle });
    await expect(sent.getByRole('button', { name: BARCODE_TEXT.replace })).toBeVisible();
    await expect(sent.getByRole('button', { name: BARCODE_TEXT.remove })).toHaveCount(0);
    await expect(sent.getByText(BARCODE_TEXT.replaceHint)).toBeVisible();
    await expectAccessibleAtBothWidths(seller.page, 'barcode panel after the transfer is initiated');

    await buyer.page.reload();
    await expectMyTicketsBadge(buyer.page, 1);
    const downloadButton = buyerCard.getByRole('button', { name: BARCODE_TEXT.download });
    await expect(downloadButton).toBeEnabled();
    const [download] = await Promise.all([buyer.page.waitForEvent('download'), downloadButton.click()]);
    expect(download.suggestedFilename()).toBe(`ticket-${ticketId}-barcode.jpg`);
    await expect(toastWith(buyer.page, BARCODE_TEXT.downloadStarted)).toBeVisible();

    const byBuyer = await buyer.page.request.get(downloadPath);
    expect(byBuyer.status()).toBe(200);
    expect(byBuyer.headers()['content-type']).toBe('image/jpeg');
    expect(byBuyer.headers()['content-disposition']).toContain(`ticket-${ticketId}-barcode.jpg`);
    // Someone outside the sale learns nothing, not even that the ticket exists.
    expect((await stranger.page.request.get(downloadPath)).status()).toBe(404);

    // The show in the buyer's calendar (decision 0096); no wallet is set up here, so none is offered.
    const [calendar] = await Promise.all([
      buyer.page.waitForEvent('download'),
      buyerCard.getByRole('button', { name: WALLET_TEXT.addToCalendar }).click(),
    ]);
    expect(calendar.suggestedFilename()).toBe(`encore-ticket-${ticketId}.ics`);
    await expect(buyerCard.getByRole('button', { name: WALLET_TEXT.addToAppleWallet })).toHaveCount(0);
    await expect(buyerCard.getByRole('button', { name: WALLET_TEXT.saveToGoogleWallet })).toHaveCount(0);
    const calendarPath = `/api/tickets/${ticketId}/calendar.ics`;
    expect((await buyer.page.request.get(calendarPath)).headers()['content-type']).toContain('text/calendar');
    expect((await seller.page.request.get(calendarPath)).status()).toBe(404);
    await expect(sellerCard.getByRole('button', { name: WALLET_TEXT.addToCalendar })).toHaveCount(0);

    for (const party of [seller, buyer, stranger]) await party.page.context().close();
  });
});
