import { expect, type Page, test } from '@playwright/test';
import {
  ADMIN_TEXT,
  AUTH_ERROR_TEXT,
  AUTH_SCREEN_TEXT,
  SHELL_TEXT,
  SUSPENSION_TEXT,
} from '../common/messages';
import {
  adminRows,
  DEMO_ACCOUNTS,
  expectNoSeriousViolations,
  registerVerifiedAccount,
  signInThroughApi,
  signUpAndSignIn,
  skipWelcomeTour,
  toastWith,
  uniqueAccount,
} from './helpers';
import { buyThroughSandbox, listTicketThroughApi } from './sale-helpers';

const ADMIN = DEMO_ACCOUNTS.admin;
const TABS = [
  'Dashboard',
  'Users',
  'Tickets',
  'Transactions',
  'Reviews',
  'Messages',
  'Disputes',
  'Events',
  'Strikes',
  'Duplicate barcodes',
  'Audit Log',
  'System',
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

  test("a member typing /admin or /ambsd gets the same 'Access Denied' and goes home, asking for no admin data", async ({
    page,
  }) => {
    const adminCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/admin')) adminCalls.push(request.url());
    });
    await skipWelcomeTour(page);
    await signUpAndSignIn(page);
    for (const path of ['/admin', '/ambsd']) {
      await page.goto(path);
      // Title and message in one check: the toast lasts 5 s, which a loaded machine has spent between two checks.
      await expect(
        toastWith(page, SHELL_TEXT.accessDeniedTitle).filter({ hasText: SHELL_TEXT.accessDenied }),
      ).toBeVisible();
      await expect(page).toHaveURL('/');
      await expect(page.getByRole('heading', { name: ADMIN_TEXT.title })).toHaveCount(0);
      await expectNoSeriousViolations(page, `access denied at ${path}`);
    }
    expect(adminCalls).toEqual([]);
  });

  test('an admin suspends a member, who is signed out and told why at sign-in, and reinstates them', async ({
    page,
    browser,
  }) => {
    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    await skipWelcomeTour(memberPage);
    const member = await signUpAndSignIn(memberPage);

    await openAdmin(page);
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('searchbox', { name: 'Search users' }).fill(member.username);
    const row = page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: member.email });
    await row.getByRole('button', { name: ADMIN_TEXT.view }).click();
    const dialog = page.getByRole('dialog', { name: ADMIN_TEXT.userDetails });
    await dialog.getByRole('button', { name: ADMIN_TEXT.suspend }).click();
    const confirm = page.getByRole('dialog', { name: SUSPENSION_TEXT.suspendTitle });
    await confirm.getByLabel(ADMIN_TEXT.reasonLabel).fill('Sold the same seats twice.');
    await expectNoSeriousViolations(page, 'the suspension confirm dialog');
    await confirm.getByRole('button', { name: ADMIN_TEXT.suspend }).click();
    await expect(toastWith(page, SUSPENSION_TEXT.userSuspended(member.username, 0))).toBeVisible();
    await expect(dialog.getByText(ADMIN_TEXT.suspendedBadge)).toBeVisible();
    await expectNoSeriousViolations(page, 'a suspended member in User Details');

    // Their session ended: the next page they open is a visitor's, and signing in says why it cannot.
    expect((await memberPage.request.get('/api/user')).status()).toBe(401);
    await memberPage.goto('/login');
    await memberPage.getByLabel('Username').fill(member.username);
    await memberPage.getByLabel('Password', { exact: true }).fill(member.password);
    await memberPage.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(memberPage.getByText(AUTH_ERROR_TEXT.accountSuspended).first()).toBeVisible();
    // Support is reachable without signing in: an e-mail to the support address.
    await expect(
      memberPage.getByRole('alert').getByRole('link', { name: AUTH_SCREEN_TEXT.contactSupport }),
    ).toHaveAttribute('href', /^mailto:.+@.+/);
    await expectNoSeriousViolations(memberPage, 'a suspended member at sign-in');

    await dialog.getByRole('button', { name: ADMIN_TEXT.reinstate }).click();
    const reinstate = page.getByRole('dialog', { name: SUSPENSION_TEXT.reinstateTitle });
    await reinstate.getByLabel(ADMIN_TEXT.reasonLabel).fill('Appeal accepted.');
    await reinstate.getByRole('button', { name: ADMIN_TEXT.reinstate }).click();
    await expect(toastWith(page, ADMIN_TEXT.userReinstated(member.username))).toBeVisible();
    await signInThroughApi(memberPage.request, member);
    await memberContext.close();
  });

  test('an admin resolves a reported sale by keyboard: people by username, the outcome named, focus kept', async ({
    page,
    browser,
  }) => {
    const eventName = `Dispute Night ${Date.now().toString(36)}`;
    const party = async () => {
      const context = await browser.newContext();
      const account = uniqueAccount();
      await registerVerifiedAccount(context.request, account);
      await signInThroughApi(context.request, account);
      return { context, account };
    };
    const seller = await party();
    const buyer = await party();
    const ticketId = await listTicketThroughApi(seller.context.request, eventName);
    await buyThroughSandbox(buyer.context.request, ticketId);
    const report = await buyer.context.request.post(`/api/tickets/${ticketId}/report-problem`, {
      data: { reason: 'The tickets never arrived.' },
    });
    expect(report.ok(), await report.text()).toBe(true);

    await openAdmin(page);
    await page.goto('/admin?tab=disputes');
    const row = page.getByRole('table', { name: 'Disputes' }).getByRole('row').filter({ hasText: eventName });
    await expect(row.getByText(buyer.account.username)).toBeVisible();
    await expect(row.getByText(seller.account.username)).toBeVisible();
    await row.getByRole('button', { name: ADMIN_TEXT.view }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /^Dispute on order #/ });
    // The sale's messages scroll by keyboard too (axe: scrollable-region-focusable).
    await expect(dialog.getByRole('list', { name: 'Messages' })).toContainText(
      'The buyer reported a problem',
    );
    await expectNoSeriousViolations(page, 'the dispute dialog');
    await dialog.getByLabel(ADMIN_TEXT.reasonLabel).fill('The seller never sent the tickets.');
    await dialog.getByRole('button', { name: 'Resolve dispute' }).focus();
    await page.keyboard.press('Enter');
    const outcome = toastWith(page, 'Dispute resolved:');
    await expect(outcome).toContainText('refunded to the buyer');
    await expect(dialog).toBeHidden();
    // The resolved dispute left the open list with its View button: the tab's panel holds the focus.
    await expect(page.getByRole('tabpanel', { name: 'Disputes' })).toBeFocused();
    await expectNoSeriousViolations(page, 'a resolved dispute');
    await seller.context.close();
    await buyer.context.close();
  });

  for (const width of WIDTHS) {
    test(`the tab is in the address and every tab is in sight at ${width} px; Escape gives focus back`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await openAdmin(page);
      for (const tab of TABS) await expect(page.getByRole('tab', { name: tab })).toBeInViewport();
      await page.getByRole('tab', { name: 'Users' }).click();
      await expect(page).toHaveURL('/admin?tab=users');
      await page.getByRole('tab', { name: 'Audit Log' }).click();
      await expect(page).toHaveURL('/admin?tab=audit-log');
      await page.reload();
      await expect(page.getByRole('tab', { name: 'Audit Log' })).toHaveAttribute('aria-selected', 'true');
      await page.goBack();
      await expect(page.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
      await page.goForward();
      await expect(page.getByRole('tab', { name: 'Audit Log' })).toHaveAttribute('aria-selected', 'true');
      await expectNoSeriousViolations(page, `Audit Log tab from the address at ${width} px`);

      // By keyboard: a View opens its dialog and Escape gives the focus back to that View.
      await page.goto('/admin?tab=users');
      const view = adminRows(page, 'Users').getByRole('button', { name: ADMIN_TEXT.view }).first();
      await view.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: ADMIN_TEXT.userDetails });
      await expect(dialog.getByText('ID', { exact: true })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(view).toBeFocused();
    });

    test(`every tab and dialog at ${width} px, with no serious axe violations`, async ({ page, browser }) => {
      // Twelve tabs and four dialogs, each checked by axe: minutes on a busy 2-core machine.
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
        await adminRows(page, tab).getByRole('button', { name: ADMIN_TEXT.view }).first().click();
        const dialog = page.getByRole('dialog', { name: title });
        await expect(dialog.getByText('ID', { exact: true })).toBeVisible();
        await expectNoSeriousViolations(page, `${title} at ${width} px`);
        await snapshot(page, `dialog-${tab.toLowerCase()}`);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }

      // Hiding a review and showing it again, from Review Details.
      await page.getByRole('tab', { name: 'Reviews' }).click();
      await adminRows(page, 'Reviews').getByRole('button', { name: ADMIN_TEXT.view }).first().click();
      const review = page.getByRole('dialog', { name: ADMIN_TEXT.reviewDetails });
      await review.getByRole('button', { name: ADMIN_TEXT.hideReview }).click();
      const hide = page.getByRole('dialog', { name: ADMIN_TEXT.hideReview });
      await hide.getByLabel(ADMIN_TEXT.reasonLabel).fill('Insults the seller.');
      await expectNoSeriousViolations(page, `hiding a review at ${width} px`);
      await hide.getByRole('button', { name: ADMIN_TEXT.hideReview }).click();
      await expect(toastWith(page, ADMIN_TEXT.reviewHidden)).toBeVisible();
      await expect(review.getByText(ADMIN_TEXT.hiddenHint)).toBeVisible();
      await expectNoSeriousViolations(page, `a hidden review at ${width} px`);
      await review.getByRole('button', { name: ADMIN_TEXT.showReview }).click();
      const show = page.getByRole('dialog', { name: ADMIN_TEXT.showReview });
      await show.getByLabel(ADMIN_TEXT.reasonLabel).fill('Hidden by mistake.');
      await show.getByRole('button', { name: ADMIN_TEXT.showReview }).click();
      await expect(toastWith(page, ADMIN_TEXT.reviewShown)).toBeVisible();
      // Escape closes the top layer: until the confirmation has finished closing, that is still the confirmation.
      await expect(show).toBeHidden();
      await page.keyboard.press('Escape');
      await expect(review).toBeHidden();
    });
  }
});
