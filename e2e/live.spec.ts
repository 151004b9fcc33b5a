import { expect, test } from '@playwright/test';
import { MESSAGE_TEXT, MY_TICKETS_TEXT } from '../common/messages';
import { newParty } from './helpers';
import { buyThroughSandbox, listTicketThroughApi } from './sale-helpers';

/**
 * Live updates (issue 35, decision 0066) on the one instance the journeys run (the embedded database); a
 * change through one instance shown on another is live-two-instances.spec.ts's (on PostgreSQL).
 */

test.describe('Live updates', () => {
  test('the buyer’s open My Tickets shows Confirm Receipt by itself once the seller initiates the transfer', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const seller = await newParty(browser);
    const buyer = await newParty(browser);
    const ticketId = await listTicketThroughApi(seller.page.request, 'Live Harbor Night');
    await buyThroughSandbox(buyer.page.request, ticketId);

    const streamReady = buyer.page.waitForResponse((response) => response.url().endsWith('/api/live'));
    await buyer.page.goto('/my-tickets');
    expect((await streamReady).status()).toBe(200);
    const buyerCard = buyer.page.getByTestId(`my-ticket-${ticketId}`);
    await expect(buyerCard).toBeVisible();
    await expect(buyerCard.getByRole('button', { name: MY_TICKETS_TEXT.confirmReceipt })).toBeHidden();

    const initiated = await seller.page.request.post(`/api/tickets/${ticketId}/initiate-transfer`);
    expect(initiated.status()).toBe(200);
    const started = Date.now();
    // No focus, no reload: the notice alone brings the change (the goal is within 1 s).
    await expect(buyerCard.getByRole('button', { name: MY_TICKETS_TEXT.confirmReceipt })).toBeVisible({
      timeout: 2_000,
    });
    test.info().annotations.push({ type: 'shown after', description: `${Date.now() - started} ms` });
  });

  test('a message the buyer sends shows in the seller’s open thread by itself', async ({ browser }) => {
    test.setTimeout(120_000);
    const seller = await newParty(browser);
    const buyer = await newParty(browser);
    const ticketId = await listTicketThroughApi(seller.page.request, 'Live Lantern Hall');
    await buyThroughSandbox(buyer.page.request, ticketId);

    const streamReady = seller.page.waitForResponse((response) => response.url().endsWith('/api/live'));
    await seller.page.goto('/my-tickets');
    expect((await streamReady).status()).toBe(200);
    const card = seller.page.getByTestId(`my-ticket-${ticketId}`);
    await card.getByRole('button', { name: MY_TICKETS_TEXT.messages, exact: true }).click();
    const thread = card.getByRole('log', { name: MESSAGE_TEXT.threadLabel });
    await expect(thread).toBeVisible();

    const question = 'Is the ticket on its way?';
    const sent = await buyer.page.request.post(`/api/tickets/${ticketId}/messages`, {
      data: { content: question },
    });
    expect(sent.status()).toBe(201);
    const started = Date.now();
    // The thread's 5 s poll is off while the stream is open: the notice alone brings it (the goal is 1 s).
    await expect(thread.getByText(question)).toBeVisible({ timeout: 2_000 });
    test.info().annotations.push({ type: 'shown after', description: `${Date.now() - started} ms` });
  });

  test('a refused stream leaves the tab polling at the spec’s interval', async ({ browser }) => {
    test.setTimeout(90_000);
    const member = await newParty(browser);
    await member.page.route('**/api/live', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: '{"message":"Too many requests"}',
      }),
    );
    let polls = 0;
    member.page.on('request', (request) => {
      if (request.url().endsWith('/api/notifications')) polls += 1;
    });
    await member.page.goto('/my-tickets');
    await expect.poll(() => polls).toBeGreaterThanOrEqual(1);
    const first = polls;
    // The badges' 30 s poll goes on (spec 000 §7).
    await expect.poll(() => polls, { timeout: 40_000 }).toBeGreaterThan(first);
  });

  test('an open stream stops the badges’ polling', async ({ browser }) => {
    test.setTimeout(90_000);
    const member = await newParty(browser);
    let polls = 0;
    member.page.on('request', (request) => {
      if (request.url().endsWith('/api/notifications')) polls += 1;
    });
    const streamReady = member.page.waitForResponse((response) => response.url().endsWith('/api/live'));
    await member.page.goto('/my-tickets');
    expect((await streamReady).status()).toBe(200);
    await expect.poll(() => polls).toBeGreaterThanOrEqual(1);
    const first = polls;
    await member.page.waitForTimeout(35_000);
    expect(polls).toBe(first);
  });

  test('an idle signed-in tab with its stream open asks nothing more on /, /my-tickets, /messages and /my-bids', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const member = await newParty(browser);
    for (const path of ['/', '/my-tickets', '/messages', '/my-bids']) {
      const streamReady = member.page.waitForResponse((response) => response.url().endsWith('/api/live'));
      await member.page.goto(path);
      expect((await streamReady).status()).toBe(200);
      await member.page.waitForLoadState('networkidle');
      const asked: string[] = [];
      const count = (request: { url(): string }) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/') && url.pathname !== '/api/live') asked.push(url.pathname);
      };
      member.page.on('request', count);
      // The goal is at most one request a minute besides the stream (2 to 6 before it, issue 35).
      await member.page.waitForTimeout(31_000);
      member.page.off('request', count);
      expect(asked.length, `${path} asked ${asked.join(', ')}`).toBeLessThanOrEqual(1);
    }
  });
});
