import { expect, test } from '@playwright/test';
import { newParty } from './helpers';
import { expectMessageShownLive, expectTransferShownLive, liveSale, openWithStream } from './live-helpers';

/**
 * Live updates (issue 35, decision 0066) on the one instance the journeys run (the embedded database); a
 * change through one instance shown on another is live-two-instances.spec.ts's (on PostgreSQL).
 */

test.describe('Live updates', () => {
  test('the buyer’s open My Tickets shows Confirm Receipt by itself once the seller initiates the transfer', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    await expectTransferShownLive(await liveSale(browser, 'Live Harbor Night'));
  });

  test('a message the buyer sends shows in the seller’s open thread by itself', async ({ browser }) => {
    test.setTimeout(120_000);
    await expectMessageShownLive(await liveSale(browser, 'Live Lantern Hall'), 'Is the ticket on its way?');
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
    await openWithStream(member.page, '/my-tickets');
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
      await openWithStream(member.page, path);
      await member.page.waitForLoadState('networkidle');
      const asked: { path: string; at: number }[] = [];
      const count = (request: { url(): string }) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/') && url.pathname !== '/api/live')
          asked.push({ path: url.pathname, at: Date.now() });
      };
      member.page.on('request', count);
      // The goal is at most one refresh a minute besides the stream (2 to 6 before it, issue 35). A page's
      // queries read together (the browser telling the page it is back online, say) are one refresh.
      await member.page.waitForTimeout(31_000);
      member.page.off('request', count);
      const refreshes = asked.filter(
        (request, index) => index === 0 || request.at - (asked[index - 1]?.at ?? 0) > 1_000,
      );
      expect(
        refreshes.length,
        `${path} asked ${asked.map((request) => request.path).join(', ')}`,
      ).toBeLessThanOrEqual(1);
    }
  });
});
