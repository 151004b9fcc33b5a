import { expect, type Page, test } from '@playwright/test';
import { ADMIN_TEXT } from '../common/messages';
import { SYSTEM_TEXT } from '../common/texts/system';
import {
  DEMO_ACCOUNTS,
  expectNoSeriousViolations,
  signInThroughApi,
  skipWelcomeTour,
  toastWith,
} from './helpers';

const ADMIN = DEMO_ACCOUNTS.admin;
/** The demo data's given-up payout (server/seed/system.ts). */
const DEMO_GIVEN_UP_ERROR = 'Error: demo data: the payout provider did not answer';

async function openSystemTab(page: Page) {
  await skipWelcomeTour(page);
  await signInThroughApi(page.request, ADMIN);
  await page.goto('/admin?tab=system');
  await expect(page.getByRole('heading', { name: ADMIN_TEXT.title })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'System' })).toHaveAttribute('aria-selected', 'true');
}

test.describe('the admin System tab', () => {
  test('an admin sees the jobs and the ledger check, and retries a payout that gave up', async ({ page }) => {
    await openSystemTab(page);
    const jobs = page.getByRole('table', { name: SYSTEM_TEXT.jobsHeading });
    const payoutRow = jobs.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'payout' }) });
    await expect(payoutRow).toBeVisible();
    // The ledger's daily check ran at start-up, on the demo sales, and found nothing wrong.
    await expect(page.getByRole('heading', { name: SYSTEM_TEXT.ledgerHeading })).toBeVisible();
    await expect(page.getByText(SYSTEM_TEXT.ledgerClean)).toBeVisible({ timeout: 20_000 });

    const givenUp = page.getByRole('table', { name: 'Given-up jobs' });
    const row = givenUp.getByRole('row').filter({ hasText: DEMO_GIVEN_UP_ERROR });
    await expect(row).toBeVisible();
    await expect(row).toContainText('12 attempts');
    await expectNoSeriousViolations(page, 'System tab at 1280 px');

    const retry = row.getByRole('button', { name: /^Retry payout \d+$/ });
    const key = (await retry.getAttribute('aria-label'))?.replace('Retry payout ', '') ?? '';
    await retry.click();
    await expect(toastWith(page, SYSTEM_TEXT.retried('payout', key))).toBeVisible();
    await expect(givenUp.getByRole('row').filter({ hasText: DEMO_GIVEN_UP_ERROR })).toHaveCount(0);
    await expect(givenUp.getByText('No given-up jobs found.')).toBeVisible();

    // The Retry is in the audit log.
    await page.getByRole('tab', { name: 'Audit Log' }).click();
    await expect(
      page.getByRole('table', { name: 'Audit entries' }).getByText('Retried a job that gave up'),
    ).toBeVisible();

    // On a phone the same tab reads without scrolling sideways.
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto('/admin?tab=system');
    await expect(page.getByRole('heading', { name: SYSTEM_TEXT.ledgerHeading })).toBeVisible();
    await expectNoSeriousViolations(page, 'System tab at 390 px');
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(390);
  });
});
