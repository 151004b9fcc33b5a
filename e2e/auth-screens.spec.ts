import { expect, type Page, test } from '@playwright/test';
import {
  MAIL_SUBJECT,
  RECOVERY_SCREEN_TEXT,
  REGISTRATION_TEXT,
  RESEND_CODE_TEXT,
  SIGN_IN_TEXT,
} from '../common/messages';
import { registerVerifiedAccount, toastWith, uniqueAccount, waitForMail } from './helpers';

async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

async function fillRegistration(page: Page, email: string, username: string, confirm: string) {
  await page.getByLabel('First Name').fill('Riley');
  await page.getByLabel('Last Name').fill('Stone');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('Encore#Fan2026!');
  await page.getByLabel('Confirm Password').fill(confirm);
}

test.describe('the auth screens', () => {
  test('a fixed registration error takes its toast away before Registration Complete', async ({ page }) => {
    const account = uniqueAccount();
    await page.goto('/signup');
    await expect(page).toHaveTitle('Sign Up · Encore');
    await fillRegistration(page, account.email, account.username, 'Encore#Fan2026?');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    const errorToast = toastWith(page, 'Authentication Error');
    await expect(errorToast).toContainText(REGISTRATION_TEXT.passwordMismatch);

    await page.getByLabel('Confirm Password').fill('Encore#Fan2026!');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Registration Complete' })).toBeVisible();
    await expect(errorToast).toHaveCount(0);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('Registration Complete keeps the e-mail address whole when it fits on a line', async ({ page }) => {
      const account = uniqueAccount();
      await page.goto('/signup');
      await fillRegistration(page, account.email, account.username, 'Encore#Fan2026!');
      await page.getByRole('button', { name: 'Register', exact: true }).click();
      const address = page.getByText(account.email, { exact: true });
      await expect(address).toBeVisible();
      // One line box: the address moved to its own line instead of breaking mid-word.
      expect(await address.evaluate((element) => element.getClientRects().length)).toBe(1);
    });
  });

  test("Verification Required offers 'Resend code' after a countdown, with the server's answer", async ({
    page,
  }) => {
    const account = uniqueAccount();
    await registerVerifiedAccount(page.request, account);
    await page.clock.install();
    await page.goto('/login');
    await submitLogin(page, account.username, account.password);
    await waitForMail(page.request, account.email, MAIL_SUBJECT.loginCode);
    const resend = page.getByRole('button', { name: /^Resend code/ });
    await expect(resend).toHaveText(/^Resend code in \d+s$/);
    // From here the page's time moves only when the test moves it, so a slow machine cannot skip seconds.
    // A second ahead of the page's time: on a loaded machine more than a few ms pass before pauseAt
    // runs, and a pause in the page's past is refused. The countdown moves by a second at most.
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 1_000);
    // Real time, not the page's: lets React render the last tick before the clock stood still.
    await page.waitForTimeout(200);
    const secondsLeft = Number((await resend.textContent())?.match(/\d+/)?.[0]);
    // The login sent the code a moment ago: the countdown starts at 60 s (a slow machine may show a second or two less).
    expect(secondsLeft).toBeGreaterThanOrEqual(55);
    expect(secondsLeft).toBeLessThanOrEqual(60);
    await expect(resend).toBeDisabled();
    await page.clock.fastForward(30_000);
    await expect(resend).toHaveText(RESEND_CODE_TEXT.countdown(secondsLeft - 30));
    await page.clock.fastForward(secondsLeft * 1000 - 30_000);
    await expect(resend).toHaveText(RESEND_CODE_TEXT.button);
    // The page's clock ran ahead; the server's did not, so it still asks the user to wait.
    await resend.click();
    await expect(page.getByRole('alert').filter({ hasText: SIGN_IN_TEXT.resendTooSoon })).toBeVisible();
    await expect(resend).toBeDisabled();
  });

  test("the reset page says 'Invalid Reset Link' as soon as a spent link opens", async ({ page }) => {
    const account = uniqueAccount();
    await registerVerifiedAccount(page.request, account);
    const requested = await page.request.post('/api/request-password-reset', {
      data: { email: account.email },
    });
    expect(requested.ok()).toBe(true);
    const mail = await waitForMail(page.request, account.email, MAIL_SUBJECT.passwordReset);
    const token = mail.text.match(/\/reset-password\/([\w-]+)/)?.[1] as string;
    const spent = await page.request.post(`/api/reset-password/${token}`, {
      data: { newPassword: 'Brand#New2026pw' },
    });
    expect(spent.ok(), await spent.text()).toBe(true);

    await page.goto(`/reset-password/${token}`);
    await expect(page.getByRole('heading', { name: RECOVERY_SCREEN_TEXT.invalidLinkTitle })).toBeVisible();
    await expect(page.getByLabel('New Password')).toHaveCount(0);
    await expect(page).toHaveTitle('Reset Password · Encore');
  });
});
