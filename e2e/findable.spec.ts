import { expect, test } from '@playwright/test';
import type { UpcomingShows } from '../common/schemas/upcoming-shows';
import { SHOW_FINDER_TEXT } from '../common/texts/show-finder';
import { expectNoSeriousViolations } from './helpers';

/** Issue 45 item 4: a visitor reaches a show's page from / by a link and by search (decision 0092). */

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

for (const { name, viewport } of WIDTHS) {
  test(`a visitor goes from / to a show's page by a link and by search (${name})`, async ({ browser }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const answer = await page.request.get('/api/concerts/upcoming');
    expect(answer.ok()).toBe(true);
    const [first, second] = ((await answer.json()) as UpcomingShows).shows;
    if (!first || !second) throw new Error('The e2e catalog has fewer than two upcoming shows');

    // The links are in the HTML the server sends, for crawlers that run no script.
    expect(await (await page.request.get('/')).text()).toContain(`href="${first.path}"`);

    await page.goto('/');
    const upcoming = page.getByRole('region', { name: SHOW_FINDER_TEXT.upcomingTitle });
    await expect(upcoming.getByRole('link', { name: first.name, exact: true })).toHaveAttribute(
      'href',
      first.path,
    );
    const search = page.getByRole('searchbox', { name: SHOW_FINDER_TEXT.searchLabel });
    await expect(search).toBeEnabled();
    await expectNoSeriousViolations(page, `/ with the upcoming shows at ${name}`);

    await upcoming.getByRole('link', { name: first.name, exact: true }).click();
    await expect(page).toHaveURL(first.path);
    await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();

    await page.goto('/');
    await search.fill(second.name.slice(0, 2));
    await expect(page.getByRole('status').filter({ hasText: SHOW_FINDER_TEXT.tooShort })).toBeVisible();
    await expectNoSeriousViolations(page, `/ with too short a search at ${name}`);
    // A search the server cannot answer says so.
    await page.route('**/api/concerts/search?**', (route) => route.fulfill({ status: 503, body: '{}' }));
    await search.fill(`${second.name} failing`);
    await expect(page.getByRole('status').filter({ hasText: SHOW_FINDER_TEXT.failed })).toBeVisible();
    await expectNoSeriousViolations(page, `/ with a failed search at ${name}`);
    await page.unroute('**/api/concerts/search?**');
    await search.fill(second.name);
    const results = page.getByRole('list', { name: SHOW_FINDER_TEXT.resultsLabel });
    const result = results.locator(`a[href="${second.path}"]`);
    await expect(result).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /shows? found\.$/ })).toBeVisible();
    await expectNoSeriousViolations(page, `/ with search results at ${name}`);
    await result.click();
    await expect(page).toHaveURL(second.path);
    await expect(page.getByRole('heading', { level: 1, name: second.name })).toBeVisible();

    // /home finds them too.
    await page.goto('/home');
    await expect(
      page
        .getByRole('region', { name: SHOW_FINDER_TEXT.upcomingTitle })
        .getByRole('link', { name: first.name, exact: true }),
    ).toBeVisible();
    await page.getByRole('searchbox', { name: SHOW_FINDER_TEXT.searchLabel }).fill('zzzqqqxxx');
    await expect(
      page.getByRole('status').filter({ hasText: SHOW_FINDER_TEXT.noMatch('zzzqqqxxx') }),
    ).toBeVisible();
    await expectNoSeriousViolations(page, `/home at ${name}`);
    await page.screenshot({ path: `test-results/findable-home-${name}.png`, fullPage: true });
    await context.close();
  });
}
