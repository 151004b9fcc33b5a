import { type Browser, expect, type Page, test } from '@playwright/test';
import type { TicketSaveResponse } from '../common/schemas/tickets';
import { BARCODE_CHECK_TEXT } from '../common/texts/barcode-check';
import { barcodePng, ticketPhoto } from '../server/modules/barcodes/testing/barcode-files';
import {
  DEMO_ACCOUNTS,
  expectNoSeriousViolations,
  newParty,
  signInThroughApi,
  skipWelcomeTour,
  toastWith,
} from './helpers';
import { agreement, fillNewListing, pickConcert, uploadImage } from './listing-helpers';

/**
 * Lists one paper ticket through the form with `barcode` chosen as its barcode; returns the listing's id.
 * The toast says how the barcode check went.
 */
async function listPaperWithBarcode(page: Page, barcode: Buffer, toastTitle: string): Promise<number> {
  await fillNewListing(page, await pickConcert(page));
  await page.getByLabel('Quantity').fill('1');
  await page.getByRole('radio', { name: /Paper/ }).check();
  await page.getByLabel(BARCODE_CHECK_TEXT.chooseFile).setInputFiles({
    name: 'ticket-photo.png',
    mimeType: 'image/png',
    buffer: barcode,
  });
  await expect(page.getByTestId('chosen-barcode')).toHaveText(
    BARCODE_CHECK_TEXT.chosenFile('ticket-photo.png'),
  );
  await uploadImage(page);
  await agreement(page).check();
  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/tickets') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'List Ticket' }).click();
  const answer = await created;
  expect(answer.status(), await answer.text()).toBe(201);
  await expect(toastWith(page, toastTitle)).toBeVisible({ timeout: 15_000 });
  return ((await answer.json()) as TicketSaveResponse).id;
}

async function sellerAt(browser: Browser, width: number) {
  return newParty(browser, { viewport: { width, height: width > 500 ? 800 : 844 } });
}

/** Issue 44 item 3, decision 0085: a barcode is sold only once. */
for (const width of [1280, 390]) {
  test(`a barcode checked when listing earns the mark; the same barcode is refused to another seller and shown to admins, at ${width} px`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const code = `ENCORE-E2E-${width}-${Date.now().toString(36)}`;
    const photo = await ticketPhoto(await barcodePng(code));

    const first = await sellerAt(browser, width);
    await first.page.goto('/listing');
    await first.page.getByRole('radio', { name: /Paper/ }).check();
    await expect(first.page.getByText(BARCODE_CHECK_TEXT.listingHint)).toBeVisible();
    await expectNoSeriousViolations(first.page, 'the listing form with its barcode field');
    const listed = await listPaperWithBarcode(first.page, photo, BARCODE_CHECK_TEXT.listedWithBarcodeTitle);
    await expect(toastWith(first.page, BARCODE_CHECK_TEXT.listedWithBarcodeTitle)).toContainText(
      BARCODE_CHECK_TEXT.checked(1),
    );

    // Another member opens the listing: its details say the barcode was checked.
    const second = await sellerAt(browser, width);
    await second.page.goto(`/?ticket=${listed}`);
    const dialog = second.page.getByRole('dialog');
    await expect(dialog.getByTestId('barcode-checked')).toHaveText(BARCODE_CHECK_TEXT.mark);
    await expectNoSeriousViolations(second.page, 'the details dialog with the mark', '[role="dialog"]');
    await second.page.screenshot({ path: `/tmp/barcodes-${width}.png` });
    await second.page.keyboard.press('Escape');

    // The same barcode, listed by that member: the listing is saved but the barcode is refused.
    const refused = await listPaperWithBarcode(second.page, photo, BARCODE_CHECK_TEXT.barcodeNotKeptTitle);
    await expect(toastWith(second.page, BARCODE_CHECK_TEXT.barcodeNotKeptTitle)).toContainText(
      BARCODE_CHECK_TEXT.duplicate,
    );
    await expectNoSeriousViolations(second.page, 'the refusal');
    const refusedListing = await second.page.request.get(`/api/tickets/${refused}`);
    expect(((await refusedListing.json()) as { barcodeChecked: boolean }).barcodeChecked).toBe(false);

    // The admins' Duplicate barcodes tab lists the pair.
    const admin = await browser.newContext({ viewport: { width, height: width > 500 ? 800 : 844 } });
    const adminPage = await admin.newPage();
    await skipWelcomeTour(adminPage);
    await signInThroughApi(adminPage.request, DEMO_ACCOUNTS.admin);
    await adminPage.goto('/admin?tab=barcodes');
    await expect(adminPage.getByRole('tab', { name: BARCODE_CHECK_TEXT.adminTab })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const row = adminPage
      .locator('tr, li, [data-admin-row]')
      .filter({ hasText: BARCODE_CHECK_TEXT.sellerLine(second.account.username) })
      .filter({ hasText: BARCODE_CHECK_TEXT.sellerLine(first.account.username) })
      .first();
    await expect(row).toBeVisible();
    await expect(row).toContainText(`Ticket #${listed}`);
    await expect(row).toContainText(`Ticket #${refused}`);
    await expectNoSeriousViolations(adminPage, 'the Duplicate barcodes tab');
    await adminPage.screenshot({ path: `/tmp/barcodes-admin-${width}.png` });
    await row.getByRole('button', { name: BARCODE_CHECK_TEXT.markReviewed }).click();
    await expect(toastWith(adminPage, BARCODE_CHECK_TEXT.markedReviewed)).toBeVisible();
    await expect(row.getByText(BARCODE_CHECK_TEXT.reviewed)).toBeVisible();
    await Promise.all([first.page.context().close(), second.page.context().close(), admin.close()]);
  });
}
