import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium, expect, type Page, test } from '@playwright/test';
import { MEMBER_CACHE, MEMBER_CACHE_PREFIX } from '../client/pwa/member-data';
import { KEPT_TICKETS_TEXT } from '../common/texts/kept-tickets';
import { OFFLINE_TEXT } from '../common/texts/offline';
import { barcodePng } from '../server/modules/barcodes/testing/barcode-files';
import {
  expectImageDrawn,
  expectNoSeriousViolations,
  newParty,
  registerVerifiedAccount,
  signInThroughApi,
  uniqueAccount,
} from './helpers';
import { buyThroughSandbox, listTicketThroughApi } from './sale-helpers';

/**
 * Tickets that open offline (issue 47 item 1, decision 0098), in Chromium with its offline mode: a buyer
 * opens My Tickets once, loses the network, reloads, and still has the ticket and its barcode, saying when
 * they were last brought up to date; signing out offline deletes what was kept, and the next member sees
 * nothing of it. The app is installable: Chromium reports no installability error.
 */

const DESKTOP = { width: 1280, height: 800 };
const WIDTHS = [DESKTOP, { width: 390, height: 844 }];

/** Waits until the service worker controls the page (it registers once the page is usable). */
async function controlledByWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30_000 });
}

/** The URLs the device keeps in the member caches, as paths with their query. */
async function keptAddresses(page: Page): Promise<string[]> {
  return page.evaluate(async (prefix) => {
    const kept: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith(prefix)) continue;
      for (const request of await (await caches.open(name)).keys()) {
        const url = new URL(request.url);
        kept.push(url.pathname + url.search);
      }
    }
    return kept.sort();
  }, MEMBER_CACHE_PREFIX);
}

/** A paper ticket with its barcode, bought by a new member, its transfer initiated by the seller. */
async function boughtPaperTicket(browser: Browser) {
  const seller = await newParty(browser);
  const ticketId = await listTicketThroughApi(
    seller.page.request,
    `Offline Gate ${Date.now().toString(36)}`,
    'paper',
  );
  const upload = await seller.page.request.post('/api/tickets/barcode/upload', {
    multipart: {
      ticketId: String(ticketId),
      barcode: {
        name: 'barcode.png',
        mimeType: 'image/png',
        buffer: await barcodePng(`ENCORE-OFFLINE-${Date.now().toString(36)}`),
      },
    },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const buyer = await newParty(browser, { viewport: DESKTOP });
  await buyThroughSandbox(buyer.page.request, ticketId);
  const initiated = await seller.page.request.post(`/api/tickets/${ticketId}/initiate-transfer`);
  expect(initiated.status(), await initiated.text()).toBe(200);
  await seller.page.context().close();
  return { buyer, ticketId };
}

test('a bought ticket and its barcode open offline, say when they were last updated, and leave with the member who signs out offline', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { buyer, ticketId } = await boughtPaperTicket(browser);
  const { page } = buyer;
  const context = page.context();
  await controlledByWorker(page);

  // Online: My Tickets, with the barcode shown on the card.
  await page.goto('/my-tickets');
  const card = page.getByTestId(`my-ticket-${ticketId}`);
  await expect(card).toBeVisible();
  await expect(card.getByRole('img', { name: KEPT_TICKETS_TEXT.barcodeAlt })).toBeVisible();
  await expectImageDrawn(page.locator(`[data-testid="my-ticket-${ticketId}"] [data-testid="buyer-barcode"]`));
  await expect(page.getByTestId('kept-copy-note')).toBeHidden();
  // What the device kept: who is signed in, My Tickets' page, this barcode, and nothing else of the API.
  await expect
    .poll(() => keptAddresses(page))
    .toEqual(
      expect.arrayContaining([
        '/api/session',
        `/api/tickets/${ticketId}/barcode/download`,
        expect.stringMatching(/^\/api\/my-tickets\?tab=pending&limit=\d+$/),
      ]),
    );
  for (const address of await keptAddresses(page)) {
    expect(address).toMatch(
      /^(\/__encore\/kept-data-owner|\/api\/session|\/api\/my-tickets\?.*|\/api\/tickets\/\d+\/barcode\/download)$/,
    );
  }

  // Offline, reloaded: the ticket and its barcode, and when they were last brought up to date.
  await context.setOffline(true);
  await page.reload();
  const note = page.getByTestId('kept-copy-note');
  await expect(note).toContainText(/Offline — last updated \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M/);
  await expect(note).toContainText(KEPT_TICKETS_TEXT.keptCopyDetail);
  await expect(card).toBeVisible();
  await expect(card.getByRole('img', { name: KEPT_TICKETS_TEXT.barcodeAlt })).toBeVisible();
  await expectImageDrawn(page.locator(`[data-testid="my-ticket-${ticketId}"] [data-testid="buyer-barcode"]`));
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    await expectNoSeriousViolations(page, `My Tickets offline at ${viewport.width} px`);
    await page.screenshot({ path: `/tmp/pw-pwa-my-tickets-offline-${viewport.width}.png`, fullPage: true });
  }

  // A page that needs the network says so, offline.
  await page.setViewportSize(DESKTOP);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: OFFLINE_TEXT.title })).toBeVisible();
  await expect(page.getByText(OFFLINE_TEXT.pageNeedsNetwork)).toBeVisible();
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    await expectNoSeriousViolations(page, `a page that needs the network, offline, at ${viewport.width} px`);
    await page.screenshot({ path: `/tmp/pw-pwa-offline-page-${viewport.width}.png` });
  }
  await page.setViewportSize(DESKTOP);
  await page.getByRole('link', { name: OFFLINE_TEXT.openMyTickets }).click();
  await expect(card).toBeVisible();

  // Signing out offline: what was kept is deleted at once, and the member is signed out on this device.
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText(OFFLINE_TEXT.signedOutOfflineTitle)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: OFFLINE_TEXT.title })).toBeVisible();
  await expect(page.getByRole('link', { name: OFFLINE_TEXT.openMyTickets })).toBeHidden();
  expect(await keptAddresses(page)).toEqual([]);
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    await expectNoSeriousViolations(page, `signed out offline at ${viewport.width} px`);
  }
  await page.setViewportSize(DESKTOP);
  // Reloaded, still offline: nobody is signed in, whatever the worker still knew.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: OFFLINE_TEXT.title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeHidden();

  // Back online: the sign-out reaches the server before anything else; the next member sees nothing of it.
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  const session = await page.request.get('/api/session');
  expect(((await session.json()) as { user: unknown }).user).toBeNull();

  const next = uniqueAccount();
  await registerVerifiedAccount(page.request, next);
  await signInThroughApi(page.request, next);
  await page.goto('/my-tickets');
  await expect(page.getByRole('heading', { level: 1, name: 'My Tickets' })).toBeVisible();
  await expect(card).toBeHidden();
  await expect
    .poll(() => keptAddresses(page))
    .toEqual(expect.arrayContaining([expect.stringMatching(/^\/api\/my-tickets\?tab=pending/)]));
  expect((await keptAddresses(page)).filter((address) => address.includes(`/tickets/${ticketId}/`))).toEqual(
    [],
  );
  const owner = await page.evaluate(
    async (cacheName) => (await caches.match('/__encore/kept-data-owner', { cacheName }))?.text() ?? null,
    MEMBER_CACHE,
  );
  expect(owner).not.toBeNull();
  // Offline again, the next member's My Tickets is theirs.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('kept-copy-note')).toBeVisible();
  await expect(card).toBeHidden();
  await context.setOffline(false);
  await context.close();
});

test('Encore is installable: a manifest with its icons, and a service worker, with no installability error', async () => {
  // A browser profile of its own: Chromium installs nothing from an incognito context, which is what
  // browser.newContext() makes.
  const profile = await mkdtemp(path.join(tmpdir(), 'encore-install-'));
  const { baseURL, launchOptions } = test.info().project.use;
  const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
  const page = await context.newPage();
  await page.goto('/');
  await controlledByWorker(page);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  expect(installabilityErrors).toEqual([]);
  const manifest = (await cdp.send('Page.getAppManifest')) as {
    url: string;
    errors: unknown[];
    data?: string;
  };
  expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
  expect(manifest.errors).toEqual([]);
  const data = JSON.parse(manifest.data ?? '{}') as {
    display: string;
    start_url: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(data.display).toBe('standalone');
  expect(data.start_url).toBe('/');
  expect(data.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of data.icons) {
    const answer = await page.request.get(icon.src);
    expect(answer.headers()['content-type']).toBe('image/png');
  }
  const worker = await page.request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
  await context.close();
  await rm(profile, { recursive: true, force: true });
});
