import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { eventPath } from '../common/event-path';
import { BID_SCREEN_TEXT, BID_TEXT } from '../common/messages';
import { PRICE_ALERT_TEXT } from '../common/texts/price-alerts';
import { expectNoSeriousViolations, signUpAndSignIn, skipWelcomeTour, toastWith } from './helpers';

/** Decision 0060: a fan's price alerts on My Bids, removed one by one, and the unsubscribe page. */

interface CatalogEvent {
  id: number;
  name: string;
}

async function upcomingEvents(request: APIRequestContext): Promise<CatalogEvent[]> {
  const response = await request.get('/api/concerts/search?query=tour');
  expect(response.ok(), await response.text()).toBe(true);
  const events = (await response.json()) as CatalogEvent[];
  expect(events.length).toBeGreaterThanOrEqual(2);
  return events.slice(0, 2);
}

async function closeWelcome(page: Page) {
  const welcome = page.getByRole('dialog', { name: BID_TEXT.welcomeTitle });
  await expect(welcome).toBeVisible();
  await welcome.getByLabel(BID_TEXT.dontShowAgain).check();
  await welcome.getByRole('button', { name: BID_SCREEN_TEXT.welcomeClose }).click();
  await expect(welcome).toBeHidden();
}

test('a fan sees their price alerts on My Bids, each linked to its show, and removes one', async ({
  page,
}) => {
  await skipWelcomeTour(page);
  await signUpAndSignIn(page);
  const [first, second] = await upcomingEvents(page.request);
  if (!first || !second) throw new Error('no catalog events');
  for (const [event, maxPrice] of [
    [first, 45.5],
    [second, 80],
  ] as const) {
    const created = await page.request.post('/api/price-alerts', {
      data: { eventId: event.id, quantity: 2, maxPrice },
    });
    expect(created.ok(), await created.text()).toBe(true);
  }

  await page.goto('/my-bids');
  await closeWelcome(page);
  const section = page.getByRole('region', { name: PRICE_ALERT_TEXT.listTitle });
  await expect(section.getByRole('link', { name: first.name })).toHaveAttribute(
    'href',
    eventPath(first.id, first.name),
  );
  await expect(section.getByText('2 tickets at $45.50 or less each')).toBeVisible();
  await expect(section.getByText('2 tickets at $80.00 or less each')).toBeVisible();
  await expectNoSeriousViolations(page, 'My Bids with price alerts');

  await section.getByRole('button', { name: PRICE_ALERT_TEXT.removeLabel(first.name) }).click();
  await expect(toastWith(page, PRICE_ALERT_TEXT.removedTitle)).toBeVisible();
  await expect(section.getByRole('button', { name: PRICE_ALERT_TEXT.removeLabel(first.name) })).toHaveCount(
    0,
  );
  await expect(
    section.getByRole('button', { name: PRICE_ALERT_TEXT.removeLabel(second.name) }),
  ).toBeVisible();
  await expect(section.getByText(PRICE_ALERT_TEXT.statusRemoved)).toHaveCount(1);

  // Read again from the server: the removal stuck.
  await page.reload();
  await expect(section.getByText(PRICE_ALERT_TEXT.statusRemoved)).toHaveCount(1);
  await expect(section.getByText(PRICE_ALERT_TEXT.statusActive)).toHaveCount(1);
});

test('the unsubscribe page changes nothing until confirmed and refuses a forged link', async ({ page }) => {
  await page.goto('/price-alerts/unsubscribe?token=1.forged');
  await expect(page.getByText(PRICE_ALERT_TEXT.unsubscribeIntro)).toBeVisible();
  await expectNoSeriousViolations(page, 'unsubscribe page');
  await page.getByRole('button', { name: PRICE_ALERT_TEXT.unsubscribeButton }).click();
  await expect(page.getByText(PRICE_ALERT_TEXT.unsubscribeInvalid)).toBeVisible();
});
