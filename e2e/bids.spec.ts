import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  BID_PAYMENT_TEXT,
  BID_SCREEN_TEXT,
  BID_TEXT,
  CHECKOUT_MAIL_SUBJECT,
  PAYMENT_METHOD_TEXT,
} from '../common/messages';
import { expectNoSeriousViolations, newParty, tabTo, toastWith, waitForMail } from './helpers';
import { listTicketThroughApi, saveCardThroughApi } from './sale-helpers';

/** Issue 24: saved cards and automatic-purchase bids, tried as a fan and a seller would in two browsers. */

interface CatalogEvent {
  id: number;
  name: string;
  date: string;
  venue: string | null;
  listingCount: number;
}

/** Catalog events nobody lists tickets for yet, so a bid on them meets only this journey's listings. */
async function quietEvents(request: APIRequestContext): Promise<CatalogEvent[]> {
  const response = await request.get('/api/concerts/search?query=tour');
  expect(response.ok(), await response.text()).toBe(true);
  const events = ((await response.json()) as CatalogEvent[]).filter((event) => event.listingCount === 0);
  expect(events.length).toBeGreaterThanOrEqual(4);
  return events;
}

/** Three seats of `event` from the seller of `request` at $`faceValue` face value each (all-in about 1.12×). */
function listSeats(request: APIRequestContext, event: CatalogEvent, faceValue: string) {
  return listTicketThroughApi(request, event.name, 'ticketmaster', {
    eventId: String(event.id),
    eventDate: event.date,
    venue: event.venue ?? 'Riverside Arena',
    quantity: '3',
    faceValue,
  });
}

function bidOn(request: APIRequestContext, event: CatalogEvent, cardId: string, maxPrice: number) {
  return request.post('/api/bids', {
    data: {
      eventId: event.id,
      eventName: event.name,
      venue: event.venue,
      eventDate: event.date,
      maxPrice,
      quantity: 3,
      section: null,
      priority: 0,
      stripePaymentMethodId: cardId,
    },
  });
}

const tab = (page: Page, name: RegExp) => page.getByRole('tab', { name });

async function closeWelcome(page: Page) {
  const welcome = page.getByRole('dialog', { name: BID_TEXT.welcomeTitle });
  await expect(welcome).toBeVisible();
  await welcome.getByLabel(BID_TEXT.dontShowAgain).check();
  await welcome.getByRole('button', { name: BID_SCREEN_TEXT.welcomeClose }).click();
  await expect(welcome).toBeHidden();
}

test.describe('automatic-purchase bids', () => {
  test('a fan saves a sandbox card and bids; a seller lists a matching ticket and the bid buys it', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const buyer = await newParty(browser);
    const seller = await newParty(browser);
    const [event] = await quietEvents(buyer.page.request);
    if (!event) throw new Error('no catalog event');
    // A listing above the bid: it gives the price hint something to average, and it must not be bought.
    const pricey = await listSeats(seller.page.request, event, '300.00');

    await buyer.page.goto('/my-bids');
    // The welcome dialog is modal: the page's heading is hidden from the accessibility tree until it closes.
    await expect(buyer.page.getByRole('dialog', { name: BID_TEXT.welcomeTitle })).toBeVisible();
    await expectNoSeriousViolations(buyer.page, 'My Bids welcome dialog at 1280');
    await closeWelcome(buyer.page);
    await expect(buyer.page.getByRole('heading', { name: BID_TEXT.title, level: 1 })).toBeVisible();
    await expect(buyer.page.getByText(BID_TEXT.emptyActive)).toBeVisible();

    // By keyboard: the dialog opens on the event search, and Escape returns to the button that opened it.
    const createNew = buyer.page.getByRole('button', { name: BID_TEXT.createNew });
    await tabTo(buyer.page, createNew);
    await buyer.page.keyboard.press('Enter');
    const dialog = buyer.page.getByRole('dialog', { name: BID_SCREEN_TEXT.createTitle });
    await expect(dialog.getByRole('searchbox', { name: /Event/ })).toBeFocused();
    await buyer.page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(createNew).toBeFocused();
    await createNew.click();
    await expect(dialog.getByText(PAYMENT_METHOD_TEXT.empty)).toBeVisible();
    // Nothing filled in: every rule speaks at once, and nothing is sent.
    await dialog.getByRole('button', { name: BID_TEXT.createBid }).click();
    await expect(dialog.getByText(BID_TEXT.maxPriceRequired)).toBeVisible();
    await expect(dialog.getByText(BID_TEXT.paymentMethodRequired)).toBeVisible();
    await expect(dialog.getByText(BID_TEXT.acknowledgeRequired)).toBeVisible();
    await expectNoSeriousViolations(buyer.page, 'Create Bid errors at 1280');

    await dialog.getByRole('searchbox', { name: /Event/ }).fill(event.name.slice(0, 12));
    await dialog
      .getByRole('list', { name: BID_SCREEN_TEXT.resultsLabel })
      .getByRole('button', { name: new RegExp(event.name.slice(0, 12)) })
      .first()
      .click();
    await dialog.getByLabel(/Quantity/).selectOption('3');
    await expect(
      dialog.getByText(/Current listings average \$[\d,.]+ per ticket, all-in \(1 listing\)/),
    ).toBeVisible();
    await dialog.getByLabel(/Maximum Amount/).fill('400');

    // The card: a declined one first, then the one that pays.
    await dialog.getByRole('button', { name: PAYMENT_METHOD_TEXT.addButton }).click();
    const addCard = buyer.page.getByRole('dialog', { name: PAYMENT_METHOD_TEXT.dialogTitle });
    await expect(addCard.getByText(PAYMENT_METHOD_TEXT.storedByProvider)).toBeVisible();
    await addCard.getByLabel(PAYMENT_METHOD_TEXT.cardNumber).fill('4000 0000 0000 0002');
    await addCard.getByLabel(PAYMENT_METHOD_TEXT.expiry).fill('12/35');
    await addCard.getByLabel(PAYMENT_METHOD_TEXT.cvc).fill('123');
    await addCard.getByRole('button', { name: PAYMENT_METHOD_TEXT.addButton }).click();
    await expect(addCard.getByText(PAYMENT_METHOD_TEXT.cardDeclined).first()).toBeVisible();
    await expectNoSeriousViolations(buyer.page, 'Add Payment Method declined at 1280');
    await addCard.getByRole('button', { name: PAYMENT_METHOD_TEXT.clear }).click();
    await addCard.getByLabel(PAYMENT_METHOD_TEXT.cardNumber).fill('4242 4242 4242 4242');
    await addCard.getByLabel(PAYMENT_METHOD_TEXT.expiry).fill('12/35');
    await addCard.getByLabel(PAYMENT_METHOD_TEXT.cvc).fill('123');
    await addCard.getByRole('button', { name: PAYMENT_METHOD_TEXT.addButton }).click();
    await expect(toastWith(buyer.page, PAYMENT_METHOD_TEXT.addedTitle)).toContainText(
      PAYMENT_METHOD_TEXT.added,
    );
    await expect(addCard).toBeHidden();
    await expect(dialog.getByLabel(PAYMENT_METHOD_TEXT.label)).toContainText('4242');

    await dialog.getByRole('checkbox', { name: BID_SCREEN_TEXT.acknowledge }).check();
    await dialog.getByRole('button', { name: BID_TEXT.createBid }).click();
    await expect(toastWith(buyer.page, BID_TEXT.createdTitle)).toContainText(BID_TEXT.createSucceeded);
    await expect(tab(buyer.page, /Active/)).toContainText('(1)');
    const card = buyer.page.getByRole('article').filter({ hasText: event.name });
    await expect(card).toContainText('$400.00');

    // The seller lists three seats within the bid: Encore buys them for the fan within seconds.
    const matching = await listSeats(seller.page.request, event, '80.00');
    await expect
      .poll(
        async () => {
          await buyer.page.reload();
          return tab(buyer.page, /Matched/).textContent();
        },
        { timeout: 20_000, intervals: [1_000] },
      )
      .toContain('(1)');
    await tab(buyer.page, /Matched/).click();
    await expect(buyer.page.getByText(new RegExp(`Matched with ticket #${matching} on `))).toBeVisible();
    await expectNoSeriousViolations(buyer.page, 'matched bid at 1280');
    await buyer.page.getByRole('link', { name: BID_SCREEN_TEXT.viewTicket }).click();
    await expect(buyer.page.getByTestId(`my-ticket-${matching}`)).toBeVisible();
    await expect(buyer.page.getByTestId(`my-ticket-${pricey}`)).toHaveCount(0);

    // Both sale e-mails, as for a purchase by hand.
    await waitForMail(buyer.page.request, buyer.account.email, CHECKOUT_MAIL_SUBJECT.buyerConfirmation);
    await waitForMail(seller.page.request, seller.account.email, CHECKOUT_MAIL_SUBJECT.sellerSold);
  });

  test('at 390 px: two active bids at most, and a card that needs the bank’s confirmation', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const phone = { width: 390, height: 844 };
    const buyer = await newParty(browser, { viewport: phone });
    const seller = await newParty(browser);
    const events = await quietEvents(buyer.page.request);
    const [, limitEvent, confirmEvent] = events;
    if (!limitEvent || !confirmEvent) throw new Error('not enough catalog events');
    const plainCard = await saveCardThroughApi(buyer.page.request, '4242 4242 4242 4242');
    const confirmCard = await saveCardThroughApi(buyer.page.request, '4000 0027 6000 3184');

    // The Create Bid dialog's error state on a phone, before the fan has any bid.
    await buyer.page.goto('/my-bids');
    await closeWelcome(buyer.page);
    await buyer.page.getByRole('button', { name: BID_TEXT.createNew }).click();
    const dialog = buyer.page.getByRole('dialog', { name: BID_SCREEN_TEXT.createTitle });
    await dialog.getByRole('button', { name: BID_TEXT.createBid }).click();
    await expect(dialog.getByText(BID_TEXT.maxPriceRequired)).toBeVisible();
    await expectNoSeriousViolations(buyer.page, 'Create Bid errors at 390');
    await buyer.page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    expect((await bidOn(buyer.page.request, limitEvent, plainCard, 1)).ok()).toBe(true);
    expect((await bidOn(buyer.page.request, confirmEvent, confirmCard, 500)).ok()).toBe(true);
    await buyer.page.reload();
    await expect(tab(buyer.page, /Active/)).toContainText('(2)');
    await buyer.page.getByRole('button', { name: BID_TEXT.createNew }).click();
    await expect(toastWith(buyer.page, BID_TEXT.limitTitle)).toContainText(BID_TEXT.limit);
    await expect(buyer.page.getByRole('dialog', { name: BID_SCREEN_TEXT.createTitle })).toBeHidden();
    await expectNoSeriousViolations(buyer.page, 'bid limit at 390');
    const overflow = await buyer.page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    // The welcome dialog stays away once asked to.
    await buyer.page.reload();
    await expect(buyer.page.getByRole('heading', { name: BID_TEXT.title, level: 1 })).toBeVisible();
    await buyer.page.waitForTimeout(1_000);
    await expect(buyer.page.getByRole('dialog', { name: BID_TEXT.welcomeTitle })).toBeHidden();

    // The seller lists a match; the bank asks the fan, by e-mail, to confirm the charge.
    const matching = await listSeats(seller.page.request, confirmEvent, '80.00');
    const mail = await waitForMail(
      buyer.page.request,
      buyer.account.email,
      BID_TEXT.authenticationMailSubject,
    );
    const link = mail.text.match(/https?:\/\/\S+\/bids\/authenticate\/\S+/)?.[0];
    expect(link, 'the confirmation link in the mail').toBeTruthy();
    await buyer.page.goto(new URL(link as string).pathname);
    await expect(buyer.page.getByRole('heading', { name: BID_PAYMENT_TEXT.title })).toBeVisible();
    await expectNoSeriousViolations(buyer.page, 'bid payment confirmation at 390');
    await buyer.page.getByRole('button', { name: BID_PAYMENT_TEXT.approve }).click();
    await expect(buyer.page.getByText(BID_PAYMENT_TEXT.succeededTitle)).toBeVisible();
    await buyer.page.getByRole('link', { name: BID_PAYMENT_TEXT.goToMyTickets }).click();
    await expect(buyer.page.getByTestId(`my-ticket-${matching}`)).toBeVisible();

    await buyer.page.goto('/my-bids?tab=matched');
    await expect(buyer.page.getByText(new RegExp(`Matched with ticket #${matching} on `))).toBeVisible();
    await expect(tab(buyer.page, /Active/)).toContainText('(1)');
  });
});
