import { expect, test } from '@playwright/test';
import { TAGLINE } from '../common/constants';
import { LANDING_TEXT, NEWSLETTER_TEXT, SHELL_TEXT, SUBSCRIBE_TEXT } from '../common/messages';
import { expectNoSeriousViolations, toastWith, uniqueAccount, waitForMail } from './helpers';

test.describe('landing page (visitors at /)', () => {
  for (const width of [1280, 390]) {
    test(`leads to the live listings at /home and says nothing is coming soon (${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: SHELL_TEXT.landingHeadline })).toBeVisible();
      await expect(page.getByRole('main')).not.toContainText(/coming soon/i);
      await expectNoSeriousViolations(page, `/ at ${width} px`);
      await page.getByRole('link', { name: LANDING_TEXT.browse }).click();
      await expect(page).toHaveURL('/home');
      await expect(page.getByRole('heading', { name: 'How Encore works' })).toBeVisible();
    });
  }

  test('shows the headline, the tagline, sign-in links and the footer', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: SHELL_TEXT.landingHeadline })).toBeVisible();
    await expect(page.getByText(TAGLINE).first()).toBeVisible();
    const account = page.getByRole('navigation', { name: 'Account' });
    await expect(account.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    await expect(account.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText(SHELL_TEXT.copyright)).toBeVisible();
    await footer.getByRole('link', { name: 'Giving Back' }).click();
    await expect(page).toHaveURL('/giving-back');
    await expect(page.getByRole('heading', { name: SHELL_TEXT.givingBackSmallVenues })).toBeVisible();
    await expect(page.getByRole('heading', { name: SHELL_TEXT.givingBackArtists })).toBeVisible();
    await expect(page.getByRole('heading', { name: SHELL_TEXT.givingBackMoreDetails })).toBeVisible();
  });

  test('checks the signup form in the spec order, then subscribes without sending cookies', async ({
    page,
    context,
    baseURL,
  }) => {
    // A cookie the subscribe call must not carry (it is sent with credentials: 'omit').
    await context.addCookies([{ name: 'encore_probe', value: 'present', url: baseURL ?? '' }]);
    await page.goto('/');
    const name = page.getByLabel('Name', { exact: true });
    const email = page.getByLabel('Email');
    const submit = page.getByRole('button', { name: 'Submit' });

    await submit.click();
    await expect(toastWith(page, SUBSCRIBE_TEXT.missingTitle)).toContainText(SUBSCRIBE_TEXT.missing);

    await name.fill('Ada Lovelace');
    await email.fill('ada-at-example');
    await submit.click();
    await expect(toastWith(page, SUBSCRIBE_TEXT.consentTitle)).toContainText(SUBSCRIBE_TEXT.consent);
    // Also beside the checkbox, which takes the focus.
    await expect(page.getByRole('checkbox')).toBeFocused();
    await expect(page.getByRole('checkbox')).toHaveAccessibleDescription(SUBSCRIBE_TEXT.consent);
    await expectNoSeriousViolations(page, 'newsletter consent missing');

    await page.getByRole('checkbox').check();
    await submit.click();
    await expect(toastWith(page, SUBSCRIBE_TEXT.invalidTitle)).toContainText(SUBSCRIBE_TEXT.invalid);

    const address = uniqueAccount().email;
    await email.fill(address);
    const subscribeRequest = page.waitForRequest('**/api/subscribe');
    await submit.click();
    const request = await subscribeRequest;
    expect(request.method()).toBe('POST');
    expect(request.postDataJSON()).toEqual({ name: 'Ada Lovelace', email: address });
    expect(await request.headerValue('cookie')).toBeNull();
    await expect(toastWith(page, SUBSCRIBE_TEXT.successTitle)).toContainText(SUBSCRIBE_TEXT.success);
    await expect(name).toHaveValue('');
    await expect(email).toHaveValue('');
    await expect(page.getByRole('checkbox')).not.toBeChecked();

    // The same address again gets the same answer: nothing tells who has subscribed.
    await name.fill('Ada Lovelace');
    await email.fill(address);
    await page.getByRole('checkbox').check();
    await submit.click();
    await expect(toastWith(page, SUBSCRIBE_TEXT.successTitle).last()).toContainText(SUBSCRIBE_TEXT.success);
    await expect(toastWith(page, SUBSCRIBE_TEXT.failedTitle)).toHaveCount(0);
  });

  test('confirms the address from the e-mailed link, and unsubscribes from the link in the mail', async ({
    page,
    request,
  }) => {
    const address = uniqueAccount().email;
    const signUp = await request.post('/api/subscribe', { data: { name: 'Grace', email: address } });
    expect(signUp.status()).toBe(201);
    const mail = await waitForMail(request, address, NEWSLETTER_TEXT.confirmMailSubject);
    const confirmPath = /\/newsletter\/confirm\/[\w-]+/.exec(mail.text)?.[0] ?? '';
    const unsubscribePath = /\/newsletter\/unsubscribe\?token=\S+/.exec(mail.text)?.[0] ?? '';
    expect(confirmPath).not.toBe('');
    expect(unsubscribePath).not.toBe('');

    await page.goto(confirmPath);
    await expect(page.getByRole('heading', { name: NEWSLETTER_TEXT.confirmTitle })).toBeVisible();
    await expectNoSeriousViolations(page, 'newsletter confirmation');
    await page.getByRole('button', { name: NEWSLETTER_TEXT.confirmButton }).click();
    await expect(page.getByRole('status').filter({ hasText: NEWSLETTER_TEXT.confirmed })).toBeVisible();
    await expectNoSeriousViolations(page, 'newsletter confirmed');

    // Followed again, the link says the address is confirmed, not that it is invalid.
    await page.goto(confirmPath);
    await page.getByRole('button', { name: NEWSLETTER_TEXT.confirmButton }).click();
    await expect(
      page.getByRole('status').filter({ hasText: NEWSLETTER_TEXT.alreadyConfirmed }),
    ).toBeVisible();
    await expectNoSeriousViolations(page, 'newsletter link used');

    await page.goto(unsubscribePath);
    await expect(page.getByRole('heading', { name: NEWSLETTER_TEXT.unsubscribeTitle })).toBeVisible();
    await expectNoSeriousViolations(page, 'newsletter unsubscribe');
    await page.getByRole('button', { name: NEWSLETTER_TEXT.unsubscribeButton }).click();
    await expect(page.getByRole('status').filter({ hasText: NEWSLETTER_TEXT.unsubscribed })).toBeVisible();
    await expectNoSeriousViolations(page, 'newsletter unsubscribed');
  });

  test('the public page at /home explains Encore and offers sign-in', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByRole('heading', { name: 'How Encore works' })).toBeVisible();
    await expect(
      page.getByRole('article').first().getByRole('link', { name: 'Login for Details' }),
    ).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/login');
  });

  test('unknown addresses get the not-found page', async ({ page }) => {
    await page.goto('/there-is-no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  for (const path of ['/', '/home', '/giving-back', '/terms', '/privacy']) {
    test(`${path} has no serious accessibility problems`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousViolations(page, path);
    });
  }
});
