import { expect, type Page, test } from '@playwright/test';
import type { EventPage } from '../common/schemas/event-page';
import { EVENT_SCREEN_TEXT } from '../common/texts/event-page';
import { formatVenueAddress } from '../common/venue-address';
import { formatShowTimes } from '../common/venue-time';
import {
  expectNoSeriousViolations,
  registerVerifiedAccount,
  signInThroughApi,
  tabTo,
  uniqueAccount,
} from './helpers';
import { pickConcert } from './listing-helpers';
import { listTicketThroughApi } from './sale-helpers';

/** Issue 45 item 4, decision 0093: a show's time, its venue's address and map, the orders and its other shows. */

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

/** A seeded show with a time, other dates and two listings of 2 and 4 tickets; its page's data. */
async function timedShowWithListings(page: Page, tag: string): Promise<EventPage> {
  const seller = uniqueAccount();
  await registerVerifiedAccount(page.request, seller);
  await signInThroughApi(page.request, seller);
  const concert = await pickConcert(page);
  const atShow = { eventId: String(concert.id), eventDate: concert.date };
  await listTicketThroughApi(page.request, concert.name, 'ticketmaster', {
    ...atShow,
    section: `Pair ${tag}`,
  });
  await listTicketThroughApi(page.request, concert.name, 'ticketmaster', {
    ...atShow,
    section: `Four ${tag}`,
    quantity: '4',
    faceValue: '150',
  });
  await page.request.post('/api/logout');
  const answer = await page.request.get(`/api/events/${concert.id}`);
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as EventPage;
}

for (const { name, viewport } of WIDTHS) {
  test(`a visitor reads a show's time and address, sorts its listings and goes to another date (${name})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    // Other journeys list on the same seeded show: this run's sections are its own.
    const tag = `${name} ${Date.now().toString(36)}`;
    const show = await timedShowWithListings(page, tag);
    const { event, moreShows } = show;
    expect(event.startTime).not.toBeNull();
    expect(moreShows.tour.length + moreShows.venue.length).toBeGreaterThan(0);

    // The visitor's HTML already says it all, before the app takes over.
    const response = await page.goto(event.path);
    const html = (await response?.text()) ?? '';
    const time = formatShowTimes(event.date, event, event.timeZone) ?? '';
    expect(html).toContain(time);
    expect(html).toContain(formatVenueAddress(event.address));
    expect(html).toContain(EVENT_SCREEN_TEXT.sortQuantity);
    const firstOther = moreShows.tour[0] ?? moreShows.venue[0];
    expect(html).toContain(`href="${firstOther?.path}"`);

    await expect(page.getByTestId('event-time')).toHaveText(time);
    await expect(page.getByTestId('event-address')).toHaveText(formatVenueAddress(event.address));
    const map = page.getByRole('link', {
      name: `${EVENT_SCREEN_TEXT.openMap}${EVENT_SCREEN_TEXT.openMapDetail(event.venue)}`,
    });
    await expect(map).toHaveAttribute('href', /^https:\/\/www\.openstreetmap\.org\/search\?query=/);
    await expect(map).toHaveAttribute('target', '_blank');
    await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-prerendered'));
    await expectNoSeriousViolations(page, `show page (${name})`);
    await page.screenshot({ path: `test-results/showpage-${name}.png`, fullPage: true });

    // Most tickets first, by keyboard, kept in the address: the listing of four comes before the pair.
    const sort = page.getByLabel(EVENT_SCREEN_TEXT.sortLabel);
    await tabTo(page, sort);
    await sort.selectOption({ label: EVENT_SCREEN_TEXT.sortQuantity });
    await expect(page).toHaveURL(/sort=quantity/);
    const listings = page.getByTestId('event-listing');
    const four = listings.filter({ hasText: `Four ${tag}` });
    const pair = listings.filter({ hasText: `Pair ${tag}` });
    await expect(four).toBeVisible();
    await expect(pair).toBeVisible();
    // The reordered page arrives after the address changes: wait for it.
    const firstOfMine = () =>
      listings.evaluateAll(
        (rows, mine) => rows.map((row) => row.textContent ?? '').find((text) => text.includes(mine)) ?? '',
        tag,
      );
    await expect.poll(firstOfMine).toContain(`Four ${tag}`);
    await sort.selectOption({ label: EVENT_SCREEN_TEXT.sortSection });
    await expect(page).toHaveURL(/sort=section/);

    // Another date of the tour (or another show at the venue) is one link away.
    const heading =
      moreShows.tour.length > 0 && moreShows.headliner
        ? EVENT_SCREEN_TEXT.tourDates(moreShows.headliner)
        : EVENT_SCREEN_TEXT.venueShows(event.venue);
    const section = page.getByRole('region', { name: heading });
    await expect(section).toBeVisible();
    await section.getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`${firstOther?.path}$`));
    await expect(page.getByRole('heading', { level: 1, name: firstOther?.name })).toBeVisible();
    await expectNoSeriousViolations(page, `another date (${name})`);
    await context.close();
  });
}
