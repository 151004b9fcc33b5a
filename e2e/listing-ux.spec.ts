import { expect, type Page, test } from '@playwright/test';
import { LISTING_NOTICE_TEXT, LISTING_TEXT } from '../common/messages';
import { signUpAndSignIn, toastWith } from './helpers';
import { choosePlatform, expectImageShown, getTicket, listThroughForm, pickConcert } from './listing-helpers';

/** The accessible name of the focused element (its label, aria-label or text). */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return 'body';
    const labelledBy = element.getAttribute('aria-labelledby');
    const label =
      element.getAttribute('aria-label') ??
      (labelledBy ? document.getElementById(labelledBy)?.textContent : null) ??
      (element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null) ??
      element.textContent;
    return (label ?? '').trim();
  });
}

test.describe('the listing form for a newcomer', () => {
  test('Load existing image brings back only the image; leaving with unsaved edits asks first', async ({
    page,
  }) => {
    await signUpAndSignIn(page);
    const concert = await pickConcert(page);
    const id = await listThroughForm(page, concert);
    const stored = await getTicket(page, id);

    await page.goto(`/listing?edit=${id}`);
    await expect(page).toHaveTitle('Edit Ticket · Encore');
    await expect(page.getByLabel('Section', { exact: true })).toHaveValue('104');
    await page.getByLabel('Quantity').fill('3');
    await page.getByLabel('Row', { exact: true }).fill('Z');
    await page.getByLabel('Face value ($)').fill('123.45');
    await page.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('button', { name: 'Load existing image' }).click();
    await expectImageShown(page);
    await expect(page.getByLabel('Quantity')).toHaveValue('3');
    await expect(page.getByLabel('Row', { exact: true })).toHaveValue('Z');
    await expect(page.getByLabel('Face value ($)')).toHaveValue('123.45');

    // A route change with unsaved edits asks first; staying keeps them.
    await page.getByRole('banner').getByRole('link', { name: 'Giving Back' }).first().click();
    const leave = page.getByRole('alertdialog', { name: LISTING_NOTICE_TEXT.unsavedTitle });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: LISTING_NOTICE_TEXT.stay }).click();
    await expect(page).toHaveURL(`/listing?edit=${id}`);
    await expect(page.getByLabel('Row', { exact: true })).toHaveValue('Z');

    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(toastWith(page, LISTING_TEXT.updatedTitle)).toBeVisible();
    const saved = await getTicket(page, id);
    expect(saved).toMatchObject({ quantity: 3, row: 'Z', faceValue: 123.45 });
    expect(saved.cloudinaryPublicId).toBe(stored.cloudinaryPublicId);

    // Saved: leaving no longer asks. Edited again: it does, and leaving goes.
    await page.getByRole('banner').getByRole('link', { name: 'Giving Back' }).first().click();
    await expect(page).toHaveURL('/giving-back');
    await page.goBack();
    await page.getByLabel('Row', { exact: true }).fill('Y');
    await page.getByRole('banner').getByRole('link', { name: 'Giving Back' }).first().click();
    await leave.getByRole('button', { name: LISTING_NOTICE_TEXT.leave }).click();
    await expect(page).toHaveURL('/giving-back');
    expect((await getTicket(page, id)).row).toBe('Z');
  });

  test('the concert search works from the keyboard and moves on to the event name', async ({ page }) => {
    await signUpAndSignIn(page);
    const concert = await pickConcert(page);
    await page.goto('/listing');
    const search = page.getByRole('combobox', { name: LISTING_TEXT.searchLabel });
    await search.fill(concert.name);
    await expect(page.getByRole('listbox', { name: 'Concerts found' })).toBeVisible();
    await search.press('ArrowDown');
    await expect(search).toHaveAttribute('aria-activedescendant', /.+/);
    await expect(search).toBeFocused();
    const active = await search.getAttribute('aria-activedescendant');
    const chosenName = await page.locator(`[id="${active}"]`).textContent();
    await search.press('Enter');
    const eventName = page.getByLabel('Event name');
    await expect(eventName).toBeFocused();
    expect(chosenName).toContain(await eventName.inputValue());
    await expect(page.getByRole('listbox', { name: 'Concerts found' })).toBeHidden();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('Tab follows the screen: Platform, then the Image card, then the agreement', async ({ page }) => {
      await signUpAndSignIn(page);
      await page.goto('/listing');
      await choosePlatform(page, 'AXS');
      const platformBox = await page.getByRole('combobox', { name: 'Platform' }).boundingBox();
      const imageBox = await page.getByText('Upload a photo or screenshot of your ticket').boundingBox();
      const agreeBox = await page.getByRole('checkbox', { name: LISTING_TEXT.agreeTerms }).boundingBox();
      expect(platformBox && imageBox && agreeBox).toBeTruthy();
      // On screen: Platform above Image above Agreement.
      expect(imageBox?.y ?? 0).toBeGreaterThan(platformBox?.y ?? 0);
      expect(agreeBox?.y ?? 0).toBeGreaterThan(imageBox?.y ?? 0);

      await page.getByRole('combobox', { name: 'Platform' }).focus();
      await page.keyboard.press('Tab');
      expect(await focusedName(page)).toBe('Ticket image');
      await page.keyboard.press('Tab');
      expect(await focusedName(page)).toBe(LISTING_TEXT.agreeTerms);
    });

    test("'How it works' opens at the top with its title and Close in view", async ({ page }) => {
      await signUpAndSignIn(page);
      await page.goto('/listing');
      await page.getByRole('button', { name: 'How it works' }).click();
      const dialog = page.getByRole('dialog', { name: 'How it works' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('heading', { name: 'How it works' })).toBeInViewport();
      await expect(dialog.getByRole('button', { name: 'Close' })).toBeInViewport();
      await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
      expect(await page.getByTestId('how-it-works-body').evaluate((body) => body.scrollTop)).toBe(0);
      // Scrolled to the end, the title and Close are still in view.
      await page.getByTestId('how-it-works-body').evaluate((body) => body.scrollTo(0, body.scrollHeight));
      await expect(dialog.getByRole('tabpanel')).toBeInViewport();
      await expect(dialog.getByRole('heading', { name: 'How it works' })).toBeInViewport();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
    });
  });

  test("'How it works' on a desktop shows the steps, the reminder and Close without scrolling", async ({
    page,
  }) => {
    await signUpAndSignIn(page);
    await page.goto('/listing');
    await page.getByRole('button', { name: 'How it works' }).click();
    const dialog = page.getByRole('dialog', { name: 'How it works' });
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeInViewport();
    await expect(dialog.getByRole('tabpanel')).toBeInViewport({ ratio: 1 });
    await expect(dialog.getByRole('heading', { name: 'Track Your Transfer' })).toBeInViewport();
  });
});
