import { expect, test } from '@playwright/test';
import { eventPath } from '../common/event-path';
import { IDENTITY_TEXT, SELLER_TRUST_TEXT } from '../common/texts/verified-sellers';
import { expectNoSeriousViolations, newParty } from './helpers';
import { pickConcert } from './listing-helpers';
import { listTicketThroughApi } from './sale-helpers';

/**
 * Issue 44 item 4: a seller's listing above $500 a ticket waits for their verification; they verify on the
 * sandbox's onboarding page; the listing goes live with "Verified seller" on its marketplace card and its
 * event page row, and the event page's "Verified sellers only" keeps it. At both widths, with axe.
 */

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

for (const { name, viewport } of WIDTHS) {
  test(`a seller verifies on the sandbox's onboarding page and their listing goes live with the badge (${name})`, async ({
    browser,
  }) => {
    const { page } = await newParty(browser, { viewport });
    const concert = await pickConcert(page);
    const section = `Verified ${name} ${Date.now() % 100_000}`;
    const ticketId = await listTicketThroughApi(page.request, concert.name, 'ticketmaster', {
      eventId: String(concert.id),
      eventDate: concert.date,
      section,
      faceValue: '600.00',
      serviceFee: '0.00',
      markup: '0',
    });
    // Waiting: not on the show's page yet.
    const waiting = await page.request.get(`/api/events/${concert.id}`);
    expect((await waiting.json()).listings.map((row: { id: number }) => row.id)).not.toContain(ticketId);

    await page.goto('/verify-identity?after=required');
    await expect(page.getByRole('heading', { name: IDENTITY_TEXT.pageTitle })).toBeVisible();
    await expect(page.getByText(IDENTITY_TEXT.waitingListing)).toBeVisible();
    await expect(page.getByText(IDENTITY_TEXT.awaitingCount(1))).toBeVisible();
    await expectNoSeriousViolations(page, `verify identity prompt (${name})`);

    await page.getByRole('button', { name: IDENTITY_TEXT.verifyButton }).click();
    await expect(page).toHaveURL(/\/sandbox\/onboarding\/sbx_acct_\d+$/);
    await expect(page.getByRole('heading', { name: IDENTITY_TEXT.sandboxTitle })).toBeVisible();
    await expect(page.getByLabel(IDENTITY_TEXT.legalName)).not.toHaveValue('');
    await page.getByLabel(IDENTITY_TEXT.dateOfBirth).fill('1990-04-12');
    await page.getByLabel(IDENTITY_TEXT.addressLine).fill('12 Harbor Street');
    await page.getByLabel(IDENTITY_TEXT.city).fill('Portland');
    await page.getByLabel(IDENTITY_TEXT.postalCode).fill('97201');
    await expectNoSeriousViolations(page, `sandbox onboarding (${name})`);
    await page.screenshot({ path: `/tmp/verified-${viewport.width}.png`, fullPage: true });
    await page.getByRole('button', { name: IDENTITY_TEXT.confirm }).click();

    await expect(page).toHaveURL('/verify-identity?from=provider');
    await expect(page.getByTestId('identity-status')).toHaveText(IDENTITY_TEXT.statusVerified);

    // The show's page: the row carries the badge, and the filter for verified sellers keeps it.
    await page.goto(eventPath(concert.id, concert.name));
    const row = page.getByTestId('event-listing').filter({ hasText: section });
    await expect(row.getByText(SELLER_TRUST_TEXT.verified)).toBeVisible();
    await expect(row.getByText(SELLER_TRUST_TEXT.completedSales(0))).toBeVisible();
    // The box follows the address: it reads checked once the page has moved to the filtered address.
    const verifiedOnly = page.getByLabel(SELLER_TRUST_TEXT.verifiedOnly);
    await verifiedOnly.click();
    await expect(page).toHaveURL(/verified=true/);
    await expect(verifiedOnly).toBeChecked();
    await expect(row.getByText(SELLER_TRUST_TEXT.verified)).toBeVisible();
    await expectNoSeriousViolations(page, `event page with the badge (${name})`);
    await page.screenshot({ path: `/tmp/verified-event-${viewport.width}.png` });

    // The marketplace card, filtered to verified sellers.
    await page.goto(`/?search=${encodeURIComponent(concert.name)}&verifiedOnly=true&sortBy=price_desc`);
    const card = page.getByTestId(`ticket-card-${ticketId}`);
    await expect(card.getByText(SELLER_TRUST_TEXT.verified)).toBeVisible();
    await expectNoSeriousViolations(page, `marketplace card with the badge (${name})`);
    await page.screenshot({ path: `/tmp/verified-card-${viewport.width}.png` });
    await page.context().close();
  });
}
