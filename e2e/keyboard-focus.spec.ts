import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { ADMIN_TEXT, MESSAGE_TEXT, MY_TICKETS_TEXT, PAYOUT_TEXT, TOUR_TEXT } from '../common/messages';
import type { AdminEvent } from '../common/schemas/admin-money';
import { AMBASSADOR_TEXT } from '../common/texts/ambassador';
import { SUPPORT_TEXT } from '../common/texts/support';
import {
  DEMO_ACCOUNTS,
  expectNoSeriousViolations,
  newParty,
  signInThroughApi,
  signUpAndSignIn,
  skipWelcomeTour,
} from './helpers';
import { buyThroughSandbox, listTicketThroughApi } from './sale-helpers';

/**
 * Issue 34: after each of these actions, done by keyboard alone, focus lands on a sensible control, never
 * on <body> (where a keyboard or screen-reader user would start again from the top of the page).
 */

const ADMIN = DEMO_ACCOUNTS.admin;
const AMBASSADOR = DEMO_ACCOUNTS.ambassador;

/** Focus is on `expected`, and so not on <body>. */
async function expectFocusOn(page: Page, expected: Locator, what: string) {
  await expect
    .poll(() => page.evaluate(() => document.activeElement !== document.body), {
      message: `${what}: not <body>`,
    })
    .toBe(true);
  // Named in a failure: what has focus instead, by its text.
  const focused = await page.evaluate(() => document.activeElement?.textContent?.trim().slice(0, 80) ?? '');
  await expect(expected, `${what} (focus is on ${focused})`).toBeFocused();
}

/** Focuses `control` and presses Enter, as a keyboard user who has tabbed there would. */
async function pressEnterOn(control: Locator) {
  await control.focus();
  await control.press('Enter');
}

/** A new member at `width` px (844 px high, a phone's height at 390). */
const newPartyAt = (browser: Browser, width = 1280) =>
  newParty(browser, { viewport: { width, height: 844 } });

/** A scheduled catalog event nobody has listed or bought, the `skip`-th from the nearest. */
async function untouchedEvent(request: APIRequestContext, skip: number): Promise<AdminEvent> {
  const response = await request.get('/api/admin/events?status=scheduled&pageSize=100&page=1');
  expect(response.ok(), await response.text()).toBe(true);
  const { events } = (await response.json()) as { events: AdminEvent[] };
  const untouched = events.filter((event) => event.activeListings === 0 && event.soldTickets === 0);
  const event = untouched[skip];
  if (!event) throw new Error('no untouched scheduled event in the catalog');
  return event;
}

test.describe('keyboard focus after an action', () => {
  for (const width of [1280, 390]) {
    test(`the welcome tour's Finish leaves focus on the last step's control at ${width} px, remembered on the server`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport: { width, height: 844 } });
      const page = await context.newPage();
      await signUpAndSignIn(page);
      const welcome = page.getByRole('dialog', { name: TOUR_TEXT.welcomeTitle });
      await expect(welcome).toBeVisible();
      await pressEnterOn(welcome.getByRole('button', { name: TOUR_TEXT.startTour }));
      const finish = page.getByRole('button', { name: TOUR_TEXT.finish });
      for (let step = 0; step < 4 && !(await finish.isVisible()); step += 1) {
        const next = page.getByRole('button', { name: TOUR_TEXT.next, exact: true });
        await expect(next.or(finish)).toBeVisible();
        if (await next.isVisible()) await pressEnterOn(next);
      }
      await pressEnterOn(finish);
      await expect(finish).toBeHidden();
      // The last step shows the navigation on a desktop, the List Ticket button on a phone.
      const expected =
        width === 1280
          ? page.getByRole('banner').getByRole('navigation', { name: 'Main' }).getByRole('link').first()
          : page.getByRole('link', { name: 'List Ticket' });
      await expectFocusOn(page, expected, `after Finish Tour at ${width} px`);
      // Remembered for the member: another browser does not offer the tour again.
      await expect
        .poll(
          async () =>
            ((await (await page.request.get('/api/user')).json()) as { tourCompleted: boolean })
              .tourCompleted,
        )
        .toBe(true);
      const storage = await context.storageState();
      const other = await browser.newContext({
        viewport: { width, height: 844 },
        storageState: { cookies: storage.cookies, origins: [] },
      });
      const otherPage = await other.newPage();
      await otherPage.goto('/');
      await expect(otherPage.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
      await otherPage.waitForTimeout(1_500);
      await expect(otherPage.getByRole('dialog', { name: TOUR_TEXT.welcomeTitle })).toHaveCount(0);
      await other.close();
      await context.close();
    });
  }

  test("the mobile menu opened with Enter starts on its first link, so the next Enter doesn't sign out", async ({
    browser,
  }) => {
    const { page } = await newPartyAt(browser, 390);
    await pressEnterOn(page.getByRole('button', { name: /^Open menu/ }));
    const sheet = page.getByRole('dialog');
    await expectFocusOn(page, sheet.getByRole('link').first(), 'the opened menu');
    await expect(sheet.getByRole('button', { name: 'Sign Out' })).not.toBeFocused();
    await page.context().close();
  });

  test('a sale: Send keeps focus in the composer; Report a problem gives focus back to the card or its button', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const seller = await newPartyAt(browser);
    const buyer = await newPartyAt(browser);
    const ticketId = await listTicketThroughApi(seller.page.request, `Focus Show ${Date.now().toString(36)}`);
    await buyThroughSandbox(buyer.page.request, ticketId);
    const page = buyer.page;
    await page.goto('/my-tickets');
    const card = page.getByTestId(`my-ticket-${ticketId}`);
    await pressEnterOn(card.getByRole('button', { name: MY_TICKETS_TEXT.messages, exact: true }));
    const composer = card.getByPlaceholder(MESSAGE_TEXT.placeholder);
    await composer.fill('Is the ticket on its way?');
    await pressEnterOn(card.getByRole('button', { name: MESSAGE_TEXT.send }));
    await expect(composer).toHaveValue('');
    await expectFocusOn(page, composer, 'after Send in the sale messages');

    // Closing the report dialog gives focus back to its button.
    const report = card.getByRole('button', { name: PAYOUT_TEXT.reportButton });
    await pressEnterOn(report);
    const dialog = page.getByRole('dialog', { name: PAYOUT_TEXT.reportTitle });
    await expect(dialog).toBeVisible();
    // The dialog names the ticket, as the card's other confirm dialogs do.
    await expect(dialog.getByTestId('dialog-ticket')).toContainText('Focus Show');
    await pressEnterOn(dialog.getByRole('button', { name: PAYOUT_TEXT.reportSubmit }));
    await expect(dialog.getByRole('alert')).toHaveText(PAYOUT_TEXT.reportRequired);
    await expectNoSeriousViolations(page, 'report a problem without a reason');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expectFocusOn(page, report, 'after closing Report a problem');

    // Reporting replaces the button: focus goes to the card.
    await pressEnterOn(report);
    await dialog.getByLabel(PAYOUT_TEXT.reportLabel).fill('The tickets never arrived.');
    await pressEnterOn(dialog.getByRole('button', { name: PAYOUT_TEXT.reportSubmit }));
    await expect(dialog).toBeHidden();
    await expect(report).toHaveCount(0);
    await expectFocusOn(page, card, 'after reporting a problem');
    await seller.page.context().close();
    await buyer.page.context().close();
  });

  test("support's Send Message puts focus in the new conversation's reply box", async ({ browser }) => {
    const { page } = await newPartyAt(browser);
    await page.goto('/messages');
    const topic = page.getByLabel(SUPPORT_TEXT.topicLabel);
    await pressEnterOn(topic);
    await page.getByRole('option', { name: 'Payment Questions' }).press('Enter');
    await page.getByLabel(SUPPORT_TEXT.messageLabel).fill('Was I charged twice for my ticket?');
    await pressEnterOn(page.getByRole('button', { name: SUPPORT_TEXT.sendMessage }));
    const reply = page.getByLabel(SUPPORT_TEXT.replyLabel);
    await expectFocusOn(page, reply, 'after Send Message');
    await reply.fill('It was on Friday.');
    await pressEnterOn(page.getByRole('button', { name: SUPPORT_TEXT.sendReply }));
    await expect(reply).toHaveValue('');
    await expectFocusOn(page, reply, 'after Send Reply');
    await page.context().close();
  });

  test("the ambassador's Create Topic and chat Send keep focus in the composer", async ({ page }) => {
    await skipWelcomeTour(page);
    await signInThroughApi(page.request, AMBASSADOR);
    await page.goto('/ambsd');
    const newTopic = page.getByRole('button', { name: AMBASSADOR_TEXT.newTopic });
    await pressEnterOn(newTopic);
    const dialog = page.getByRole('dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expectFocusOn(page, newTopic, 'after closing New Topic');

    const topicName = `Focus team ${Date.now().toString(36)}`;
    await pressEnterOn(newTopic);
    await dialog.getByLabel(AMBASSADOR_TEXT.topicName).fill(topicName);
    await pressEnterOn(dialog.getByRole('button', { name: AMBASSADOR_TEXT.createTopic }));
    await expect(page.getByRole('heading', { name: topicName })).toBeVisible();
    const composer = page.getByLabel(AMBASSADOR_TEXT.messageLabel, { exact: true });
    await expectFocusOn(page, composer, 'after Create Topic');
    await composer.fill('Flyers on Friday?');
    await pressEnterOn(page.getByRole('button', { name: AMBASSADOR_TEXT.send, exact: true }));
    await expect(composer).toHaveValue('');
    await expectFocusOn(page, composer, 'after Send in the chat');
  });

  test('an admin postpones and cancels events: focus returns to the row or the tab, not <body>', async ({
    page,
  }) => {
    await skipWelcomeTour(page);
    await signInThroughApi(page.request, ADMIN);
    const postponed = await untouchedEvent(page.request, 0);
    const cancelled = await untouchedEvent(page.request, 1);
    await page.goto('/admin');
    await pressEnterOn(page.getByRole('tab', { name: 'Events' }));
    const search = page.getByRole('searchbox', { name: 'Search events' });
    const rowOf = (event: AdminEvent) =>
      page.getByRole('row').filter({ hasText: event.name }).filter({ hasText: event.venue });

    await search.fill(postponed.name);
    const postpone = rowOf(postponed).getByRole('button', { name: 'Postpone' });
    await pressEnterOn(postpone);
    const postponeDialog = page.getByRole('dialog', { name: 'Postpone event' });
    const later = new Date(Date.parse(`${postponed.date}T00:00:00Z`) + 14 * 86_400_000);
    await postponeDialog.getByLabel('New date').fill(later.toISOString().slice(0, 10));
    await pressEnterOn(postponeDialog.getByRole('button', { name: 'Postpone event' }));
    await expect(postponeDialog).toBeHidden();
    await expectFocusOn(page, rowOf(postponed).getByRole('button', { name: 'Postpone' }), 'after Postpone');

    await search.fill(cancelled.name);
    await pressEnterOn(rowOf(cancelled).getByRole('button', { name: 'Cancel' }));
    const cancelDialog = page.getByRole('dialog', { name: 'Cancel event' });
    await cancelDialog.getByLabel(ADMIN_TEXT.reasonLabel).fill('The venue closed for repairs.');
    await pressEnterOn(cancelDialog.getByRole('button', { name: 'Cancel event' }));
    await expect(cancelDialog).toBeHidden();
    // The cancelled event's buttons are gone: focus goes to the Events tab's panel.
    await expectFocusOn(page, page.getByRole('tabpanel', { name: 'Events' }), 'after Cancel event');
  });
});
