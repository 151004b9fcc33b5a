import { expect, test } from '@playwright/test';
import { BUYING_TEXT } from '../common/messages';
import { dollarsToCents } from '../common/money';
import { saleBreakdown } from '../common/pricing';
import {
  DEMO_ACCOUNTS,
  expectNoSeriousViolations,
  registerVerifiedAccount,
  signInThroughApi,
  skipWelcomeTour,
  uniqueAccount,
} from './helpers';
import { listTicketThroughApi, payInSandbox } from './sale-helpers';

const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

/** Issue 33 §3, decision 0062: a fan buys 2 of a seller's 4 tickets; the other 2 stay on sale. */
for (const width of [1280, 390]) {
  test(`buys 2 of 4 tickets at ${width} px; the rest stays on sale and the seller sees the sale`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
    const seller = await browser.newContext();
    await signInThroughApi(seller.request, DEMO_ACCOUNTS.maya);
    const eventName = `Split Night ${width} ${Date.now().toString(36)}`;
    const listingId = await listTicketThroughApi(seller.request, eventName, 'ticketmaster', {
      quantity: '4',
      seats: '1-4',
      splitRule: 'no_single',
    });
    const listed = (await (await seller.request.get(`/api/tickets/${listingId}`)).json()) as {
      listingPrice: number;
      markup: number;
    };
    const totalFor = (quantity: number) =>
      usd(
        saleBreakdown({
          perTicketCents: dollarsToCents(listed.listingPrice),
          markupPercent: listed.markup,
          quantity,
        }).buyerPaysCents,
      );

    await skipWelcomeTour(page);
    await signInThroughApi(page.request, DEMO_ACCOUNTS.jordan);
    // The fan says they need 2: the marketplace's quantity filter carries it into the dialog.
    await page.goto(`/?quantity=2&search=${encodeURIComponent(eventName)}`);
    const card = page.getByTestId(`ticket-card-${listingId}`);
    await card.getByRole('button', { name: BUYING_TEXT.viewDetails }).click();
    const dialog = page.getByRole('dialog', { name: eventName });
    const picker = dialog.getByLabel('Tickets');
    await expect(picker).toHaveValue('2');
    await expect(picker.locator('option')).toHaveText(['1', '2', '4']);
    await expect(dialog.getByTestId('what-you-pay')).toHaveText(totalFor(2));
    await expectNoSeriousViolations(page, 'details dialog with the quantity picker', '[role="dialog"]');

    // By keyboard: all four, then back to two; focus stays on the picker.
    await picker.focus();
    await picker.selectOption('4');
    await expect(dialog.getByTestId('what-you-pay')).toHaveText(totalFor(4));
    await picker.selectOption('2');
    await expect(dialog.getByTestId('what-you-pay')).toHaveText(totalFor(2));
    await expect(picker).toBeFocused();

    await dialog.getByRole('button', { name: BUYING_TEXT.completePurchase }).click();
    await expect(page.getByTestId('checkout-total')).toHaveText(totalFor(2));
    await payInSandbox(page, '4242 4242 4242 4242');
    await expect(page.getByRole('dialog', { name: BUYING_TEXT.purchaseSuccessfulTitle })).toBeVisible();

    const rest = (await (await page.request.get(`/api/tickets/${listingId}`)).json()) as {
      quantity: number;
      seats: string;
      sold: boolean;
    };
    expect(rest).toMatchObject({ quantity: 2, seats: '3, 4', sold: false });
    const sales = (await (await seller.request.get('/api/my-tickets?tab=pending')).json()) as {
      tickets: { eventName: string; quantity: number; seats: string }[];
    };
    expect(sales.tickets.filter((ticket) => ticket.eventName === eventName)).toEqual([
      expect.objectContaining({ quantity: 2, seats: '1, 2' }),
    ]);

    // Another fan holds the last 2: the card says they are reserved, and offers nothing to open.
    const rival = await browser.newContext();
    const rivalAccount = uniqueAccount();
    await registerVerifiedAccount(rival.request, rivalAccount);
    await signInThroughApi(rival.request, rivalAccount);
    const rivalLock = await rival.request.post(`/api/tickets/${listingId}/lock`, { data: { quantity: 2 } });
    expect(rivalLock.ok(), await rivalLock.text()).toBe(true);
    await page.goto(`/?quantity=2&search=${encodeURIComponent(eventName)}`);
    const reserved = page.getByTestId(`ticket-card-${listingId}`);
    await expect(reserved).toContainText(BUYING_TEXT.reservedTitle);
    await expect(reserved.getByRole('button', { name: BUYING_TEXT.viewDetails })).toHaveCount(0);
    await expectNoSeriousViolations(page, 'the rest of a listing held by another fan');
    await rival.close();
    await seller.close();
  });
}
