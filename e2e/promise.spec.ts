import { expect, test } from '@playwright/test';
import type { EventPage } from '../common/schemas/event-page';
import { PROMISE_TEXT } from '../common/texts/promise';
import { SHOW_LIMIT_TEXT } from '../common/texts/show-limits';
import {
  expectNoSeriousViolations,
  registerVerifiedAccount,
  signInThroughApi,
  signUpAndSignIn,
  skipWelcomeTour,
  uniqueAccount,
} from './helpers';
import { pickConcert } from './listing-helpers';
import { listTicketThroughApi } from './sale-helpers';

/** Issue 44 items 5 and 6: the Encore Promise, its links, and a limit per show refused in plain words. */

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

for (const { name, viewport } of WIDTHS) {
  test(`the Promise is linked from the footer, the event page and checkout; a hold past the limit is refused (${name})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();

    // A seller lists two tickets and nine tickets of one catalog show.
    const seller = uniqueAccount();
    await registerVerifiedAccount(page.request, seller);
    await signInThroughApi(page.request, seller);
    const concert = await pickConcert(page);
    const atShow = { eventId: String(concert.id), eventDate: concert.date };
    await listTicketThroughApi(page.request, concert.name, 'ticketmaster', {
      ...atShow,
      section: `Pair ${name}`,
    });
    await listTicketThroughApi(page.request, concert.name, 'ticketmaster', {
      ...atShow,
      section: `Block ${name}`,
      quantity: '9',
      seats: '1, 2, 3, 4, 5, 6, 7, 8, 9',
    });
    await page.request.post('/api/logout');
    const show = (await (await page.request.get(`/api/events/${concert.id}`)).json()) as EventPage;

    // From the footer to the Promise, in plain words.
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: PROMISE_TEXT.link }).click();
    await expect(page).toHaveURL(/\/promise$/);
    await expect(page.getByRole('heading', { level: 1, name: PROMISE_TEXT.title })).toBeVisible();
    await expect(page.getByText(PROMISE_TEXT.lead)).toBeVisible();
    for (const section of PROMISE_TEXT.sections)
      await expect(page.getByRole('heading', { level: 2, name: section.heading })).toBeVisible();
    await expectNoSeriousViolations(page, `promise page (${name})`);
    await page.screenshot({ path: `/tmp/promise-${viewport.width}.png`, fullPage: true });

    // The event page links it beside the listings.
    await skipWelcomeTour(page);
    const buyer = await signUpAndSignIn(page);
    expect(buyer.username).toBeTruthy();
    await page.goto(show.event.path);
    const eventLink = page.getByRole('link', { name: PROMISE_TEXT.coveredBy });
    await expect(eventLink).toHaveAttribute('href', '/promise');

    // Nine tickets of one show are more than a member may hold: refused, saying the limit.
    const block = page.getByTestId('event-listing').filter({ hasText: `Block ${name}` });
    await block.getByRole('link').last().click();
    await expect(page.getByText(SHOW_LIMIT_TEXT.tooManyHeld(0))).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectNoSeriousViolations(page, `limit refused (${name})`);
    await page.goto(show.event.path);
    // The purchase dialog links it too (in a new tab, so the hold stays).
    const pair = page.getByTestId('event-listing').filter({ hasText: `Pair ${name}` });
    await pair.getByRole('link').last().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('link', { name: PROMISE_TEXT.coveredBy })).toHaveAttribute(
      'href',
      '/promise',
    );
    await expect(dialog.getByRole('link', { name: PROMISE_TEXT.coveredBy })).toHaveAttribute(
      'target',
      '_blank',
    );
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    await context.close();
  });
}
