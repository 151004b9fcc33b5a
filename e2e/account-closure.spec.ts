import { mkdirSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { AUTH_ERROR_TEXT } from '../common/messages';
import { ACCOUNT_CLOSURE_TEXT as T } from '../common/texts/account-closure';
import { expectNoSeriousViolations, newParty, toastWith } from './helpers';
import { buyThroughSandbox, listTicketThroughApi } from './sale-helpers';

/**
 * Issue 47 item 5 (decision 0099): closing my account from the profile. Always a fresh member: the demo
 * accounts are shared by the other journeys.
 */

const SHOTS_DIR = process.env.CLOSURE_SHOTS_DIR ?? 'test-results/account-closure-screenshots';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/**
 * Axe and a screenshot at 1280 and at 390 px, back to 1280 afterwards. The screenshot is of the viewport with
 * `shown` scrolled into it (an element's own screenshot at 390 px rendered its text wider than the page
 * does); `within` limits axe to a modal dialog.
 */
async function checkAtBothWidths(page: Page, label: string, shown?: Locator, within?: string) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const file = label.replace(/\W+/g, '-');
  for (const [viewport, width] of [
    [DESKTOP, 1280],
    [PHONE, 390],
  ] as const) {
    await page.setViewportSize(viewport);
    await expectNoSeriousViolations(page, `${label} at ${width}`, within);
    const path = `${SHOTS_DIR}/${file}-${width}.png`;
    await shown?.scrollIntoViewIfNeeded();
    await page.screenshot({ path });
  }
  await page.setViewportSize(DESKTOP);
}

const section = (page: Page) => page.getByRole('region', { name: T.sectionTitle });

test.describe('closing my account', () => {
  test('a member closes their account with their password, is signed out and cannot sign in again', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const { page, account } = await newParty(browser, { viewport: DESKTOP });
    await page.goto('/profile');
    const closure = section(page);
    await expect(closure.getByRole('heading', { name: T.sectionTitle })).toBeVisible();
    await expect(closure).toContainText(T.intro);
    await expect(closure).toContainText(T.exportHint);
    const start = closure.getByRole('button', { name: T.startButton });
    await expect(start).toBeVisible();
    await checkAtBothWidths(page, 'profile section', closure);

    // A wrong password: the server's words under the field, which keeps the focus.
    await start.click();
    const dialog = page.getByRole('dialog', { name: T.dialogTitle });
    await expect(dialog).toContainText(T.dialogDescription);
    const password = dialog.getByLabel(T.passwordLabel, { exact: true });
    await expect(password).toHaveAttribute('autocomplete', 'current-password');
    await password.fill('Not#MyPassword1');
    await dialog.getByRole('button', { name: T.confirmButton }).click();
    await expect(dialog.getByRole('alert')).toHaveText('That password is not right.');
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAccessibleDescription(T.wrongPassword);
    await expect(password).toBeFocused();
    await checkAtBothWidths(page, 'dialog wrong password', undefined, '[role="dialog"]');

    // The right one closes the account: home, the notice, signed out.
    await password.fill(account.password);
    await dialog.getByRole('button', { name: T.confirmButton }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(toastWith(page, T.closed)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
    expect(await (await page.request.get('/api/session')).json()).toMatchObject({ user: null });
    await checkAtBothWidths(page, 'home after closing');

    // The old username and password no longer sign in.
    await page.goto('/login');
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: AUTH_ERROR_TEXT.badCredentials })).toBeVisible();
  });

  test('a member with a purchase in escrow is told what must finish first, in the dialog and the section', async ({
    browser,
  }) => {
    // Two members and a real checkout.
    test.setTimeout(240_000);
    const seller = await newParty(browser, { viewport: DESKTOP });
    const buyer = await newParty(browser, { viewport: DESKTOP });
    const { page, account } = buyer;
    const eventName = 'Closing Time Revue';
    const ticketId = await listTicketThroughApi(seller.page.request, eventName);

    // The dialog is open when the purchase goes through (in another tab, say): the server refuses with the list.
    await page.goto('/profile');
    const closure = section(page);
    await closure.getByRole('button', { name: T.startButton }).click();
    const dialog = page.getByRole('dialog', { name: T.dialogTitle });
    await dialog.getByLabel(T.passwordLabel, { exact: true }).fill(account.password);
    await buyThroughSandbox(page.request, ticketId);
    await dialog.getByRole('button', { name: T.confirmButton }).click();
    await expect(dialog.getByRole('alert')).toHaveText(T.inFlight);
    await expect(
      dialog
        .getByRole('list', { name: T.mustFinishFirst })
        .getByRole('link', { name: T.purchaseInEscrow(eventName) }),
    ).toBeVisible();
    await checkAtBothWidths(page, 'dialog in flight', undefined, '[role="dialog"]');
    await dialog.getByRole('button', { name: T.cancel }).click();
    await expect(dialog).toBeHidden();

    // The section lists it too, instead of the button, and the focus is on its lead-in.
    await expect(closure.getByText(T.mustFinishFirst)).toBeFocused();
    await expect(closure.getByRole('button', { name: T.startButton })).toHaveCount(0);
    await page.reload();
    const purchase = closure
      .getByRole('list', { name: T.mustFinishFirst })
      .getByRole('link', { name: T.purchaseInEscrow(eventName) });
    await expect(purchase).toBeVisible();
    await expect(closure.getByRole('button', { name: T.startButton })).toHaveCount(0);
    await checkAtBothWidths(page, 'blockers', closure);

    // The seller is held back too, by the transfer they owe.
    await seller.page.goto('/profile');
    await expect(
      section(seller.page).getByRole('link', { name: T.saleAwaitingTransfer(eventName) }),
    ).toBeVisible();

    // Each thing in flight leads to where it is done.
    await purchase.click();
    await expect(page).toHaveURL(/\/my-tickets$/);
    await expect(page.getByTestId(`my-ticket-${ticketId}`)).toBeVisible();
  });
});
