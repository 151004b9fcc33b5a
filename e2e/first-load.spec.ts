import path from 'node:path';
import { type Browser, expect, type Page, type Request, test } from '@playwright/test';
import { SHELL_TEXT } from '../common/messages';
import type { EventPage } from '../common/schemas/event-page';
import { EVENT_SCREEN_TEXT } from '../common/texts/event-page';
import { PRICE_STORY_TEXT } from '../common/texts/price-story';
import { FIRST_LOAD_BUDGET_KB, FIRST_LOAD_PAGES, firstLoadChunks, kb } from '../scripts/first-load';
import { registerVerifiedAccount, signInThroughApi, uniqueAccount } from './helpers';
import { pickConcert } from './listing-helpers';
import { listTicketThroughApi } from './sale-helpers';

/**
 * The first-load budget (decision 0082), as a visitor's browser meets it: a fresh context (no cookie, no
 * cache) opens the page, and once the page is usable every JavaScript response is counted by the bytes
 * that came over the wire (its body as the server sent it: the build's brotli copy). Usable means: the
 * app has taken the page over (the build's mark on #root is gone), what the page is for is on screen, and
 * no request has been open or started for a second. A page over its budget fails `npm test`. The
 * browser must also load exactly the files `scripts/first-load.ts` names for the page, so that
 * `bench/first-load.bench.ts` and the README report what the browser loads.
 */

const clientDir = path.resolve(import.meta.dirname, '../dist/client');
const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];
/** No request open or started for this long: the page has loaded what it loads by itself. */
const QUIET_MS = 1_000;
/** How long a page may take to become usable: its data comes from a server shared with other tests. */
const USABLE = { timeout: 30_000 };

interface Loaded {
  file: string;
  bytes: number;
  encoding: string;
}

/** Resolves once no request has been open or started for QUIET_MS. */
async function networkQuiet(page: Page, openRequests: Set<Request>, lastActivity: () => number) {
  await expect
    .poll(() => openRequests.size === 0 && Date.now() - lastActivity() >= QUIET_MS, {
      message: 'the network went quiet',
      intervals: [100],
      timeout: 30_000,
    })
    .toBe(true);
  expect(page.isClosed()).toBe(false);
}

/** Opens `address` as a new visitor; the scripts it loaded by the time it is usable. */
async function loadAsVisitor(
  browser: Browser,
  address: string,
  viewport: { width: number; height: number },
  usable: (page: Page) => Promise<void>,
): Promise<Loaded[]> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const openRequests = new Set<Request>();
  let lastActivity = Date.now();
  const measured: Promise<Loaded | null>[] = [];
  const failed: string[] = [];
  page.on('request', (request) => {
    openRequests.add(request);
    lastActivity = Date.now();
  });
  page.on('requestfailed', (request) => {
    openRequests.delete(request);
    lastActivity = Date.now();
    if (request.resourceType() === 'script') failed.push(request.url());
  });
  page.on('requestfinished', (request) => {
    openRequests.delete(request);
    lastActivity = Date.now();
    if (request.resourceType() !== 'script') return;
    measured.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        // A lazy chunk Vite preloads as it imports it may be handed to the import from Chromium's memory,
        // which then reports no bytes on the wire for it (its body size comes out as minus the headers'):
        // the body the server sent once is its content-length.
        const sent =
          sizes.responseBodySize > 0 ? sizes.responseBodySize : await response?.headerValue('content-length');
        return {
          file: new URL(request.url()).pathname.slice(1),
          bytes: Number(sent ?? -1),
          encoding: (await response?.headerValue('content-encoding')) ?? 'identity',
        };
      })(),
    );
  });

  await page.goto(address);
  await page.waitForFunction(
    () => !document.getElementById('root')?.hasAttribute('data-prerendered'),
    null,
    USABLE,
  );
  await usable(page);
  await networkQuiet(page, openRequests, () => lastActivity);
  const loaded = (await Promise.all(measured)).filter((script) => script !== null);
  await context.close();
  expect(failed, 'scripts that failed to load').toEqual([]);
  return loaded;
}

/** The page's scripts against the budget and against what the bench counts for `page`. */
function checkFirstLoad(page: string, address: string, width: string, loaded: Loaded[]) {
  const total = loaded.reduce((sum, script) => sum + script.bytes, 0);
  const encodings = [...new Set(loaded.map((script) => script.encoding))].join(', ');
  const figure = `${address} (${width}): ${kb(total)} KB of JavaScript (${encodings}) in ${loaded.length} files before it is usable`;
  console.log(`first load ${figure}`);
  test.info().annotations.push({ type: 'first load', description: figure });

  // Each file as the build precompressed it, and the files the bench counts, no more and no fewer.
  const counted = firstLoadChunks(clientDir, page);
  const byFile = (list: { file: string }[]) => list.map((script) => script.file).sort();
  expect(
    byFile(loaded),
    `the files ${address} loads before it is usable, against those scripts/first-load.ts counts for ${page} (update its list when a page starts to load another module by itself)`,
  ).toEqual(byFile(counted));
  for (const script of loaded) {
    const copy = counted.find((chunk) => chunk.file === script.file);
    expect(
      script.encoding === 'br' && script.bytes === copy?.brotli,
      `${script.file} is sent as the build's brotli copy (${script.encoding}, ${script.bytes} bytes)`,
    ).toBe(true);
  }

  expect(
    total,
    `${figure}: over its first-load budget of ${FIRST_LOAD_BUDGET_KB} KB (bench/first-load.bench.ts lists the chunks)`,
  ).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KB * 1024);
}

test.describe('first load within its budget, as a visitor’s browser loads it', () => {
  const budgeted = Object.keys(FIRST_LOAD_PAGES).filter((page) => FIRST_LOAD_PAGES[page]?.budgeted);

  test('the budgeted pages are /, /login and the event page', () => {
    expect(budgeted).toEqual(['/', '/login', '/events/:id']);
  });

  test('/ and /login, at each width', async ({ browser }) => {
    for (const { name, viewport } of WIDTHS) {
      const landing = await loadAsVisitor(browser, '/', viewport, async (page) => {
        await expect(page.getByRole('heading', { level: 1, name: SHELL_TEXT.landingHeadline })).toBeVisible(
          USABLE,
        );
      });
      checkFirstLoad('/', '/', name, landing);
      const login = await loadAsVisitor(browser, '/login', viewport, async (page) => {
        await expect(page.getByLabel('Username')).toBeEnabled(USABLE);
      });
      checkFirstLoad('/login', '/login', name, login);
    }
  });

  test('an event page with listings and its price story, at each width', async ({ browser }) => {
    // The seller works through the API only: no page of theirs needs to render.
    const seller = await (await browser.newContext()).newPage();
    const account = uniqueAccount();
    await registerVerifiedAccount(seller.request, account);
    await signInThroughApi(seller.request, account);
    const concert = await pickConcert(seller);
    const atShow = { eventId: String(concert.id), eventDate: concert.date };
    await listTicketThroughApi(seller.request, concert.name, 'ticketmaster', atShow);
    await listTicketThroughApi(seller.request, concert.name, 'paper', { ...atShow, quantity: '3' });
    const answer = await seller.request.get(`/api/events/${concert.id}`);
    expect(answer.ok()).toBe(true);
    const show = (await answer.json()) as EventPage;
    await seller.context().close();

    for (const { name, viewport } of WIDTHS) {
      const loaded = await loadAsVisitor(browser, show.event.path, viewport, async (page) => {
        await expect(page.getByTestId('event-state')).toHaveText(EVENT_SCREEN_TEXT.state.on_sale, USABLE);
        await expect(page.getByTestId('event-listing').first()).toBeVisible(USABLE);
        const story = page.getByRole('region', { name: PRICE_STORY_TEXT.title });
        await expect(story.getByRole('img').first()).toBeVisible(USABLE);
      });
      checkFirstLoad('/events/:id', show.event.path, name, loaded);
    }
  });
});
