import { expect, type Page, test } from '@playwright/test';
import { ADMIN_TEXT } from '../common/messages';
import {
  DEMO_ACCOUNTS,
  expectNoSeriousViolations,
  signInThroughApi,
  signUpAndSignIn,
  skipWelcomeTour,
  toastWith,
} from './helpers';

const ADMIN = { username: 'admin', email: 'admin@encore.test', password: 'Encore#Admin2026' };
const TABS = [
  'Dashboard',
  'Users',
  'Tickets',
  'Transactions',
  'Reviews',
  'Messages',
  'Disputes',
  'Events',
  'Audit Log',
];
const WIDTHS = [1280, 390] as const;

async function openAdmin(page: Page) {
  await skipWelcomeTour(page);
  await signInThroughApi(page.request, ADMIN);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: ADMIN_TEXT.title })).toBeVisible();
}

/** A picture of the screen as it is, for looking at each tab and dialog at both widths. */
async function snapshot(page: Page, name: string) {
  await page.screenshot({
    path: `test-results/admin/${name}-${page.viewportSize()?.width}.png`,
    fullPage: true,
  });
}

test.describe('admin dashboard', () => {
  test('an admin finds a member and makes them an ambassador, who then sees the Ambassador link', async ({
    page,
    browser,
  }) => {
    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    await skipWelcomeTour(memberPage);
    const member = await signUpAndSignIn(memberPage);
    const memberNav = memberPage.getByRole('banner').getByRole('navigation', { name: 'Main' });
    await expect(memberNav.getByRole('link', { name: 'Ambassador' })).toHaveCount(0);

    await openAdmin(page);
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('searchbox', { name: 'Search users' }).fill(member.username.toUpperCase());
    const table = page.getByRole('table', { name: 'Users' });
    const row = table.getByRole('row').filter({ hasText: member.email });
    await expect(row).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);
    await row.getByRole('button', { name: ADMIN_TEXT.view }).click();
    const dialog = page.getByRole('dialog', { name: ADMIN_TEXT.userDetails });
    await expect(dialog.getByText(ADMIN_TEXT.noRatings)).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Role' }).selectOption('AMBSD');
    await expect(toastWith(page, 'User role updated to AMBSD')).toBeVisible();
    await expectNoSeriousViolations(page, 'user details after the role change');
    await page.keyboard.press('Escape');
    await expect(row.getByText('AMBSD')).toBeVisible();

    await memberPage.reload();
    await expect(memberNav.getByRole('link', { name: 'Ambassador' })).toBeVisible();
    await memberNav.getByRole('link', { name: 'Ambassador' }).click();
    await expect(memberPage).toHaveURL('/ambsd');
    await memberContext.close();
  });

  test('a member typing /admin gets nothing and asks for no admin data', async ({ page }) => {
    const adminCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/admin')) adminCalls.push(request.url());
    });
    await skipWelcomeTour(page);
    await signUpAndSignIn(page);
    await page.goto('/admin');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('heading', { name: ADMIN_TEXT.title })).toHaveCount(0);
    expect(adminCalls).toEqual([]);
  });

  for (const width of WIDTHS) {
    test(`every tab and dialog at ${width} px, with no serious axe violations`, async ({ page, browser }) => {
      // Nine tabs and four dialogs, each checked by axe: minutes on a busy 2-core machine.
      test.setTimeout(600_000);
      // A submitted review for the Reviews tab: jordan reviews a seeded completed sale.
      const jordan = await browser.newContext();
      await signInThroughApi(jordan.request, DEMO_ACCOUNTS.jordan);
      const pending = (await (await jordan.request.get('/api/reviews/pending')).json()) as {
        ticketId: number;
        targetUserId: number;
        reviewType: string;
        transactionId: number;
      }[];
      const owed = pending[0];
      if (owed) {
        const { ticketId, targetUserId, reviewType, transactionId } = owed;
        const review = await jordan.request.post('/api/reviews', {
          data: {
            ticketId,
            targetUserId,
            reviewType,
            transactionId,
            rating: 5,
            comment: 'Smooth transfer, thank you!',
          },
        });
        expect(review.ok(), await review.text()).toBe(true);
      }
      await jordan.close();

      await page.setViewportSize({ width, height: 900 });
      await openAdmin(page);
      await expect(page.getByText(ADMIN_TEXT.totalUsers)).toBeVisible();
      // What Encore kept and what buyers paid, each labelled (issue 34); axe reads them with the tab below.
      await expect(page.getByText(ADMIN_TEXT.income, { exact: true })).toBeVisible();
      await expect(page.getByText(ADMIN_TEXT.grossVolume, { exact: true })).toBeVisible();
      await expect(page.getByText('Revenue', { exact: true })).toHaveCount(0);
      for (const tab of TABS) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
        if (tab !== 'Dashboard') await expect(page.getByText(/^Page \d+ of \d+/)).toBeVisible();
        await expectNoSeriousViolations(page, `${tab} tab at ${width} px`);
        // Wide tables scroll inside their frame; the page itself never scrolls sideways.
        const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(pageWidth, `${tab} tab at ${width} px`).toBeLessThanOrEqual(width);
        await snapshot(page, `tab-${tab.toLowerCase().replace(' ', '-')}`);
      }

      const dialogs = [
        { tab: 'Users', title: ADMIN_TEXT.userDetails },
        { tab: 'Tickets', title: ADMIN_TEXT.ticketDetails },
        { tab: 'Transactions', title: ADMIN_TEXT.transactionDetails },
        { tab: 'Reviews', title: ADMIN_TEXT.reviewDetails },
      ];
      for (const { tab, title } of dialogs) {
        await page.getByRole('tab', { name: tab }).click();
        await page
          .getByRole('table', { name: tab })
          .getByRole('button', { name: ADMIN_TEXT.view })
          .first()
          .click();
        const dialog = page.getByRole('dialog', { name: title });
        await expect(dialog.getByText('ID', { exact: true })).toBeVisible();
        await expectNoSeriousViolations(page, `${title} at ${width} px`);
        await snapshot(page, `dialog-${tab.toLowerCase()}`);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
    });
  }
});
