import { expect, type Page, test } from '@playwright/test';
import { AUTH_ERROR_TEXT, AUTH_SUCCESS_TEXT, MAIL_SUBJECT, RECOVERY_TEXT } from '../common/messages';
import { expectSignedIn, registerVerifiedAccount, uniqueAccount, waitForMail } from './helpers';

function codeFrom(text: string): string {
  const code = text.match(/\b(\d{6})\b/)?.[1];
  expect(code, 'a 6-digit code in the mail').toBeTruthy();
  return code as string;
}

async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

test.describe('accounts and sign-in', () => {
  test('register, verify the e-mail from the outbox, sign in with the typed code and land home', async ({
    page,
  }) => {
    const account = uniqueAccount();
    await page.goto('/signup');
    await page.getByLabel('First Name').fill('Riley');
    await page.getByLabel('Last Name').fill('Stone');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await expect(page.getByText('Strong password!')).toBeVisible();
    await page.getByLabel('Confirm Password').fill(account.password);
    await page.getByRole('button', { name: 'Register', exact: true }).click();

    await expect(page.getByText(account.email)).toBeVisible();
    await expect(page.getByText(MAIL_SUBJECT.verifyEmail).first()).toBeVisible();

    const mail = await waitForMail(page.request, account.email, MAIL_SUBJECT.verifyEmail);
    expect(mail.html).toContain('Verify Email Address');
    const link = mail.text.match(/https?:\/\/\S+\/verify-email\/[\w-]+/)?.[0];
    expect(link, 'verification link').toBeTruthy();
    await page.goto(new URL(link as string).pathname);
    await expect(page.getByText(RECOVERY_TEXT.verifyEmailSuccess)).toBeVisible();
    await page
      .getByRole('button', { name: 'Go to Login' })
      .or(page.getByRole('link', { name: 'Go to Login' }))
      .click();
    await expect(page).toHaveURL(/\/(login|auth)$/);

    await submitLogin(page, account.username, account.password);
    await expect(page.getByText('Trust this device for 30 days (skip verification next time)')).toBeVisible();
    const code = codeFrom((await waitForMail(page.request, account.email, MAIL_SUBJECT.loginCode)).text);
    await page.getByLabel('Digit 1 of 6').click();
    await page.keyboard.type(code);
    // Both texts in one look: the card stays 1.5 s, less than two checks can take on a loaded machine.
    await expect(
      page
        .getByRole('main')
        .filter({ hasText: AUTH_SUCCESS_TEXT.loginVerified })
        .filter({ hasText: AUTH_SUCCESS_TEXT.redirecting }),
    ).toBeVisible();
    await expect(page).toHaveURL('/');
    await expectSignedIn(page, account.username);
    await expect(page.getByRole('banner').getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test('a pasted code signs in, and a trusted device skips the code next time', async ({ page, browser }) => {
    const account = uniqueAccount();
    await registerVerifiedAccount(page.request, account);
    await page.goto('/login');

    await submitLogin(page, account.username, 'Wrong#Password1');
    await expect(page.getByRole('alert').filter({ hasText: AUTH_ERROR_TEXT.badCredentials })).toBeVisible();
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: 'Authentication Error' }),
    ).toBeVisible();

    await submitLogin(page, account.username, account.password);
    await page.getByLabel('Trust this device for 30 days (skip verification next time)').check();
    const code = codeFrom((await waitForMail(page.request, account.email, MAIL_SUBJECT.loginCode)).text);
    await page.getByLabel('Digit 1 of 6').click();
    await page.evaluate(
      async (pasted) => {
        const target = document.activeElement as HTMLElement;
        const data = new DataTransfer();
        data.setData('text/plain', pasted);
        target.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
        );
      },
      ` ${code.slice(0, 3)}-${code.slice(3)} `,
    );
    await expect(page).toHaveURL('/');
    await expectSignedIn(page, account.username);

    // Same browser (trusted-device cookie kept), new session: no second factor.
    await page.getByRole('button', { name: 'Sign Out' }).first().click();
    await expect(page).toHaveURL('/');
    await page.goto('/login');
    await submitLogin(page, account.username, account.password);
    await expect(page).toHaveURL('/');
    await expectSignedIn(page, account.username);

    // A fresh browser is asked for the code again.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto('/login');
    await submitLogin(otherPage, account.username, account.password);
    await expect(otherPage.getByLabel('Digit 1 of 6')).toBeVisible();
    await other.close();
  });

  test('forgot password, reset it from the e-mailed link, and sign in with the new password', async ({
    page,
  }) => {
    const account = uniqueAccount();
    await registerVerifiedAccount(page.request, account);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL('/forgot-password');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Password Reset Email Sent')).toBeVisible();
    await expect(page.getByText(RECOVERY_TEXT.forgotPasswordSent)).toBeVisible();

    const mail = await waitForMail(page.request, account.email, MAIL_SUBJECT.passwordReset);
    const link = mail.text.match(/https?:\/\/\S+\/reset-password\/[\w-]+/)?.[0];
    expect(link, 'reset link').toBeTruthy();
    const resetPath = new URL(link as string).pathname;
    await page.goto(resetPath);
    const newPassword = 'Brand#New2026pw';
    await page.getByLabel('New Password').fill(newPassword);
    await expect(page.getByText('Strong password')).toBeVisible();
    await page.getByLabel('Confirm Password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password Reset Successful')).toBeVisible();

    // The link is single-use: opened again, it says so at once.
    await page.goto(resetPath);
    await expect(page.getByText('Invalid Reset Link')).toBeVisible();
    await expect(page.getByLabel('New Password')).toHaveCount(0);

    await page.goto('/login');
    await submitLogin(page, account.username, account.password);
    await expect(page.getByRole('alert').filter({ hasText: AUTH_ERROR_TEXT.badCredentials })).toBeVisible();
    await submitLogin(page, account.username, newPassword);
    const code = codeFrom((await waitForMail(page.request, account.email, MAIL_SUBJECT.loginCode)).text);
    await page.getByLabel('Digit 1 of 6').click();
    await page.keyboard.type(code);
    await expect(page).toHaveURL('/');
    await expectSignedIn(page, account.username);
  });

  test('forgot username e-mails the username', async ({ page }) => {
    const account = uniqueAccount();
    await registerVerifiedAccount(page.request, account);
    await page.goto('/forgot-username');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Recover Username' }).click();
    await expect(page.getByText('Username Recovery Email Sent')).toBeVisible();
    const mail = await waitForMail(page.request, account.email, MAIL_SUBJECT.usernameRecovery);
    expect(mail.text).toContain(account.username);
  });
});
