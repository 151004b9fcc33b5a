import { expect, test } from '@playwright/test';
import { LISTING_TEXT } from '../common/messages';
import { priceCapRuleFor } from '../common/price-caps/lookup';
import type { ConcertSearchResult } from '../common/schemas/events';
import type { TicketSaveResponse } from '../common/schemas/tickets';
import { PRICE_CAP_TEXT } from '../common/texts/price-caps';
import { expectNoSeriousViolations, newParty, toastWith } from './helpers';
import { agreement, choosePlatform, fillSeats, searchAndChoose, uploadImage } from './listing-helpers';

/**
 * Decision 0084: a seller chooses a show in Dublin; the form states Ireland's cap before any price, then the
 * cap in dollars; a price over it is refused with the server's words, and the price at the cap is listed.
 */

const IRELAND = priceCapRuleFor({ country: 'IE', region: null }, new Date().toISOString().slice(0, 10));

for (const width of [1280, 390]) {
  test(`the listing form states a show's price cap and the server refuses a price over it (${width} px)`, async ({
    browser,
  }) => {
    const { page } = await newParty(browser, { viewport: { width, height: 900 } });
    const search = await page.request.get('/api/concerts/search?query=Dublin');
    expect(search.ok(), await search.text()).toBe(true);
    const concert = ((await search.json()) as ConcertSearchResult[]).find((found) => found.city === 'Dublin');
    if (!concert) throw new Error('The seed catalog has no show in Dublin');

    await page.goto('/listing');
    await searchAndChoose(page, concert);
    const statement = page.getByTestId('price-cap-statement');
    await expect(statement.getByRole('heading', { name: PRICE_CAP_TEXT.statementTitle })).toBeVisible();
    await expect(statement).toContainText(PRICE_CAP_TEXT.statement(IRELAND));
    await expect(statement.getByRole('link', { name: PRICE_CAP_TEXT.sourceLink })).toHaveAttribute(
      'href',
      IRELAND?.sourceUrl ?? '',
    );
    await expectNoSeriousViolations(page, `price cap statement at ${width} px`);

    await page.getByLabel('Face value ($)').fill('80.00');
    await page.getByLabel('Service fee ($)').fill('12.50');
    await expect(statement).toContainText(PRICE_CAP_TEXT.atThisPrice('$92.50', -2));
    await statement.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/caps-${width}.png` });

    await fillSeats(page, { section: '104', row: 'F', seats: '7, 8' });
    await page.getByLabel('Quantity').fill('2');
    await choosePlatform(page, 'AXS');
    await uploadImage(page);
    await agreement(page).check();
    const refused = page.waitForResponse(
      (response) => response.url().endsWith('/api/tickets') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'List Ticket' }).click();
    expect((await refused).status()).toBe(400);
    const refusal = toastWith(page, LISTING_TEXT.saveFailedTitle);
    await expect(refusal).toContainText(PRICE_CAP_TEXT.overCap(-2));
    await expectNoSeriousViolations(page, `over-cap refusal at ${width} px`);
    await page.screenshot({ path: `/tmp/caps-refused-${width}.png` });

    const slider = page.getByRole('slider', { name: 'Markup' });
    await slider.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(slider).toHaveValue('-2');
    const created = page.waitForResponse(
      (response) => response.url().endsWith('/api/tickets') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'List Ticket' }).click();
    const answer = await created;
    expect(answer.status(), await answer.text()).toBe(201);
    expect(((await answer.json()) as TicketSaveResponse).listingPrice).toBe(90.65);
    await page.context().close();
  });
}
