import { expect, type Page, test } from '@playwright/test';
import {
  AUTH_ERROR_TEXT,
  LISTING_TEXT,
  MAIL_SUBJECT,
  RECOVERY_SCREEN_TEXT,
  REGISTRATION_TEXT,
  TICKET_TEXT,
} from '../common/messages';
import {
  expectNoSeriousViolations,
  registerVerifiedAccount,
  signUpAndSignIn,
  toastWith,
  uniqueAccount,
  waitForMail,
} from './helpers';
import { agreement } from './listing-helpers';

async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`error states of the forms at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('login and register errors have no serious accessibility problems', async ({ page }) => {
      await page.goto('/login');
      await submitLogin(page, 'nobody-here', 'Wrong#Password1');
      await expect(page.getByRole('alert').filter({ hasText: AUTH_ERROR_TEXT.badCredentials })).toBeVisible();
      await expect(toastWith(page, 'Authentication Error')).toBeVisible();
      await expectNoSeriousViolations(page);

      await page.goto('/signup');
      await page.getByRole('button', { name: 'Register', exact: true }).click();
      await expect(
        page.getByRole('alert').filter({ hasText: REGISTRATION_TEXT.firstNameRequired }),
      ).toBeVisible();
      await expect(toastWith(page, 'Authentication Error')).toBeVisible();
      await expectNoSeriousViolations(page);
    });

    test('a refused verification code has no serious accessibility problems', async ({ page }) => {
      const account = uniqueAccount();
      await registerVerifiedAccount(page.request, account);
      await page.goto('/login');
      await submitLogin(page, account.username, account.password);
      const mail = await waitForMail(page.request, account.email, MAIL_SUBJECT.loginCode);
      const code = mail.text.match(/\b(\d{6})\b/)?.[1] as string;
      const wrongCode = `${code.slice(0, 5)}${(Number(code[5]) + 1) % 10}`;
      await page.getByLabel('Digit 1 of 6').click();
      await page.keyboard.type(wrongCode);
      // A mistyped code is typed again on the same screen (decision 0030).
      await expect(page.getByRole('alert')).toContainText(AUTH_ERROR_TEXT.invalidCode);
      await expect(page.getByLabel('Digit 1 of 6')).toBeFocused();
      await expectNoSeriousViolations(page);
    });

    test('recovery errors have no serious accessibility problems', async ({ page }) => {
      await page.goto('/forgot-password');
      await page.getByLabel('Email').fill('not-an-address');
      await page.getByRole('button', { name: RECOVERY_SCREEN_TEXT.sendResetLink }).click();
      await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
      await expectNoSeriousViolations(page);

      await page.goto('/forgot-username');
      await page.getByLabel('Email').fill('not-an-address');
      await page.getByRole('button', { name: RECOVERY_SCREEN_TEXT.recoverUsername }).click();
      await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
      await expectNoSeriousViolations(page);

      await page.goto('/reset-password/no-such-token');
      await expect(page.getByRole('heading', { name: RECOVERY_SCREEN_TEXT.invalidLinkTitle })).toBeVisible();
      await expectNoSeriousViolations(page);

      const account = uniqueAccount();
      await registerVerifiedAccount(page.request, account);
      const requested = await page.request.post('/api/request-password-reset', {
        data: { email: account.email },
      });
      expect(requested.ok()).toBe(true);
      const mail = await waitForMail(page.request, account.email, MAIL_SUBJECT.passwordReset);
      const resetPath = new URL(mail.text.match(/https?:\/\/\S+\/reset-password\/[\w-]+/)?.[0] as string)
        .pathname;
      await page.goto(resetPath);
      await page.getByLabel('New Password').fill('short');
      await page.getByLabel('Confirm Password').fill('other');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expect(page.getByLabel('New Password')).toHaveAttribute('aria-invalid', 'true');
      await expectNoSeriousViolations(page);
    });

    test('listing form errors have no serious accessibility problems', async ({ page }) => {
      await signUpAndSignIn(page);
      await page.goto('/listing');
      await page.getByLabel('Quantity').fill('0');
      await page.getByLabel('Face value ($)').fill('-5');
      await expect(page.getByText(LISTING_TEXT.quantityMin)).toBeVisible();
      await expect(page.getByText(TICKET_TEXT.faceValueInvalid)).toBeVisible();
      await agreement(page).check();
      await page.getByRole('button', { name: 'List Ticket' }).click();
      await expect(page.getByText(LISTING_TEXT.sectionRequired)).toBeVisible();
      await expect(toastWith(page, LISTING_TEXT.platformRequiredTitle)).toBeVisible();
      await expectNoSeriousViolations(page);
    });
  });
}
