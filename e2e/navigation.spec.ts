import { expect, type Page, test } from '@playwright/test';
import { BID_SCREEN_TEXT, BID_TEXT, SHELL_TEXT } from '../common/messages';
import { DEMO_ACCOUNTS, expectSignedIn, signInThroughApi, signUpAndSignIn, toastWith } from './helpers';

const MEMBER_LINKS = [
  'Home',
  'Giving Back',
  'List Ticket',
  'Profile',
  'My Tickets',
  'My Bids',
  'Reviews',
  'Support',
];

interface NotificationsAnswer {
  pendingReviewsCount: number;
  pendingTransfers: unknown[];
  unreadAdminMessagesCount: number;
}

async function notificationTotal(page: Page): Promise<number> {
  const answer = await page.request.get('/api/notifications');
  expect(answer.ok()).toBe(true);
  const body = (await answer.json()) as NotificationsAnswer;
  return body.pendingTransfers.length + body.pendingReviewsCount + body.unreadAdminMessagesCount;
}

/** The links' own labels (without badge counts), read again until an expectation on them holds. */
function linkNames(nav: ReturnType<Page['getByRole']>) {
  return nav
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => (link.firstChild?.textContent ?? '').trim()));
}

test.describe('navigation bar on a phone (390 x 844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the slide-out menu lists the links, shows the combined badge and highlights the page', async ({
    page,
  }) => {
    // maya is a seeded demo user with sold tickets still waiting for their transfer.
    const maya = DEMO_ACCOUNTS.maya;
    await signInThroughApi(page.request, maya);
    await page.goto('/');
    await expectSignedIn(page, maya.username);

    const total = await notificationTotal(page);
    expect(total, 'the demo data gives maya something to act on').toBeGreaterThan(0);
    const menuButton = page.getByRole('button', { name: `Open menu, ${total} notifications` });
    await expect(menuButton.getByTestId('menu-badge')).toHaveText(String(total));
    await expect(page.getByRole('link', { name: 'My Bids' })).toBeHidden();

    await menuButton.click();
    const menu = page.getByRole('dialog');
    const nav = menu.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeVisible();
    await expect.poll(() => linkNames(nav)).toEqual(MEMBER_LINKS);
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

    await nav.getByRole('link', { name: 'My Bids' }).click();
    await expect(page).toHaveURL('/my-bids');
    await expect(menu).toBeHidden();
    // My Bids greets a first visit with its welcome dialog; closing it returns to the page.
    const welcome = page.getByRole('dialog', { name: BID_TEXT.welcomeTitle });
    await welcome.getByRole('button', { name: BID_SCREEN_TEXT.welcomeClose }).click();
    await expect(welcome).toBeHidden();
    await expect(page.getByRole('heading', { name: BID_TEXT.title, level: 1 })).toBeVisible();

    await menuButton.click();
    await expect(nav.getByRole('link', { name: 'My Bids' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');

    await menu.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { name: SHELL_TEXT.landingHeadline })).toBeVisible();
    expect((await page.request.get('/api/user')).status()).toBe(401);
  });
});

test.describe('navigation bar on a desktop', () => {
  test('an ordinary user sees the member links without Admin or Ambassador', async ({ page }) => {
    await signUpAndSignIn(page);
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
    await expect.poll(() => linkNames(nav)).toEqual(MEMBER_LINKS);
    await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Ambassador' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Welcome, Test' })).toBeVisible();

    await nav.getByRole('link', { name: 'Giving Back' }).click();
    await expect(page).toHaveURL('/giving-back');
    await expect(nav.getByRole('link', { name: 'Giving Back' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');

    // Typing the address of a role page does not get an ordinary user in.
    await page.goto('/ambsd');
    await expect(toastWith(page, SHELL_TEXT.accessDeniedTitle)).toContainText(SHELL_TEXT.accessDenied);
    await expect(page).toHaveURL('/');
  });

  test('an admin also sees Admin and Ambassador', async ({ page }) => {
    const admin = DEMO_ACCOUNTS.admin;
    await signInThroughApi(page.request, admin);
    await page.goto('/');
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
    await expect.poll(() => linkNames(nav)).toEqual([...MEMBER_LINKS, 'Admin', 'Ambassador']);
    await nav.getByRole('link', { name: 'Admin' }).click();
    await expect(page).toHaveURL('/admin');
    await expect(nav.getByRole('link', { name: 'Admin' })).toHaveAttribute('aria-current', 'page');
  });

  test('the beta banner stays dismissed, and Sign Out returns to the landing page', async ({ page }) => {
    await signUpAndSignIn(page);
    const banner = page.getByText(SHELL_TEXT.betaBanner);
    await expect(banner).toBeVisible();
    await page.getByRole('button', { name: 'Dismiss beta notice' }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(banner).toBeHidden();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { name: SHELL_TEXT.landingHeadline })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sign In' }),
    ).toBeVisible();
  });

  test('visitors are sent to /login from signed-in pages', async ({ page }) => {
    await page.goto('/my-tickets');
    await expect(page).toHaveURL('/login');
  });
});
