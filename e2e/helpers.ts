import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';
import { MAIL_SUBJECT } from '../common/messages';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

export interface TestAccount {
  username: string;
  email: string;
  password: string;
}

const DEFAULT_PASSWORD = 'Encore#Fan2026!';

/** A username and e-mail no other journey uses, even on a reused database. */
export function uniqueAccount(opts: { username?: string; password?: string } = {}): TestAccount {
  const username = opts.username ?? `fan${randomBytes(5).toString('hex')}`;
  return {
    username,
    email: `${username.toLowerCase()}@e2e.encore.test`,
    password: opts.password ?? DEFAULT_PASSWORD,
  };
}

/** Waits for the newest mail to `to` whose subject is `subject` (the outbox is newest first). */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  subject: string,
): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
        if (!response.ok()) return false;
        const mails = (await response.json()) as OutboxMail[];
        found = mails.find((mail) => mail.subject === subject);
        return found !== undefined;
      },
      { message: `mail "${subject}" to ${to}`, timeout: 15_000 },
    )
    .toBe(true);
  return found as OutboxMail;
}

/** Registers through the API and follows the verification link from the outbox mail. */
export async function registerVerifiedAccount(
  request: APIRequestContext,
  account: TestAccount,
): Promise<void> {
  const registered = await request.post('/api/register', {
    data: {
      username: account.username,
      password: account.password,
      firstName: 'Test',
      lastName: 'Fan',
      email: account.email,
      phoneNumber: null,
      verificationPreference: 'email',
    },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const mail = await waitForMail(request, account.email, MAIL_SUBJECT.verifyEmail);
  const token = mail.text.match(/\/verify-email\/([\w-]+)/)?.[1];
  expect(token, 'verification link in the mail').toBeTruthy();
  const verified = await request.get(`/api/verify-email/${token}`);
  expect(verified.ok(), await verified.text()).toBe(true);
}

/**
 * Signs in through the API (login, then the 6-digit code from the outbox when a second
 * factor is asked for). `request` shares the page's cookie jar when it is `page.request`.
 */
export async function signInThroughApi(request: APIRequestContext, account: TestAccount): Promise<void> {
  const login = await request.post('/api/login', {
    data: { username: account.username, password: account.password },
  });
  expect(login.ok(), await login.text()).toBe(true);
  if ((await request.get('/api/user')).ok()) return;
  const { userId } = (await login.json()) as { userId: number };
  const mail = await waitForMail(request, account.email, MAIL_SUBJECT.loginCode);
  const verificationCode = mail.text.match(/\b(\d{6})\b/)?.[1];
  expect(verificationCode, 'login code in the mail').toBeTruthy();
  const verified = await request.post('/api/verify-login', { data: { userId, verificationCode } });
  expect(verified.ok(), await verified.text()).toBe(true);
  expect((await request.get('/api/user')).ok()).toBe(true);
}

/** A fresh verified account, signed in inside `page`'s browser context, with the home page open. */
export async function signUpAndSignIn(
  page: Page,
  opts: { username?: string; password?: string } = {},
): Promise<TestAccount> {
  const account = uniqueAccount(opts);
  await registerVerifiedAccount(page.request, account);
  await signInThroughApi(page.request, account);
  await page.goto('/');
  await expectSignedIn(page, account.username);
  return account;
}

/** The navigation bar shows who is signed in, at every width. */
export async function expectSignedIn(page: Page, username: string): Promise<void> {
  await expect(page.getByRole('img', { name: `Signed in as ${username}` })).toBeVisible();
}

/** The toast (sonner) showing `title`, with its description. */
/** An admin list by its name: a table on a wide screen, a list of cards on a phone. */
export function adminRows(page: Page, name: string): Locator {
  return page.getByRole('table', { name }).or(page.getByRole('list', { name }));
}

export function toastWith(page: Page, title: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: title });
}

/** A real PNG (a 640×320 ticket-like picture) to upload as a ticket image. */
export async function ticketImagePng(label = 'ADMIT ONE'): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="320">
    <rect x="16" y="16" width="608" height="288" rx="24" fill="#ffffff" stroke="#7c3aed" stroke-width="6"/>
    <text x="320" y="180" font-family="sans-serif" font-size="56" font-weight="700" fill="#7c3aed"
      text-anchor="middle">${label}</text>
  </svg>`;
  return sharp({ create: { width: 640, height: 320, channels: 3, background: '#ede9fe' } })
    .composite([{ input: Buffer.from(svg) }])
    .png()
    .toBuffer();
}

/** The seeded demo accounts (README, server/seed/users.ts). */
export const DEMO_ACCOUNTS = {
  jordan: { username: 'jordan', email: 'jordan@encore.test', password: 'Encore#Jordan2026' },
  maya: { username: 'maya', email: 'maya@encore.test', password: 'Encore#Maya2026' },
  admin: { username: 'admin', email: 'admin@encore.test', password: 'Encore#Admin2026' },
  ambassador: { username: 'ambassador', email: 'ambassador@encore.test', password: 'Encore#Ambsd2026' },
} satisfies Record<string, TestAccount>;

/** Keeps the welcome tour's prompt away in `page` (the 'Don't show this tour again' flag). */
export async function skipWelcomeTour(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('encore.tour.disabled', 'true'));
}

export interface ListedTicket {
  id: number;
  eventName: string;
  buyerPays: number;
  sold: boolean;
  isBeingEdited: boolean;
  seller: { username: string };
}

/**
 * An unsold listing of `seller` that nobody holds, read through `request` (signed in), skipping `exclude`:
 * every journey buys or holds its own ticket on the shared e2e database.
 */
export async function freeListingOf(
  request: APIRequestContext,
  seller: string,
  exclude: number[] = [],
): Promise<ListedTicket> {
  let cursor: string | null = null;
  for (let page = 0; page < 10; page += 1) {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const response = await request.get(`/api/tickets?limit=100${query}`);
    expect(response.ok(), await response.text()).toBe(true);
    const body = (await response.json()) as { tickets: ListedTicket[]; nextCursor: string | null };
    const found = body.tickets.find(
      (ticket) =>
        ticket.seller.username === seller &&
        !ticket.sold &&
        !ticket.isBeingEdited &&
        !exclude.includes(ticket.id),
    );
    if (found) return found;
    cursor = body.nextCursor;
    if (!cursor) break;
  }
  throw new Error(`no free listing of ${seller} left`);
}

/** Presses Tab until `target` has the focus (the keyboard-only journeys never click). */
export async function tabTo(page: Page, target: Locator, maxPresses = 120) {
  for (let press = 0; press < maxPresses; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('the element never received the keyboard focus');
}

/**
 * Axe finds no serious or critical problem on the page as it is now. Colours are measured with every
 * transition and animation at its end state (a toast or dialog caught mid-fade has no contrast to
 * measure, and a page's own countdown can start one while axe reads); `label` names the state in a failure.
 */
export async function expectNoSeriousViolations(
  page: Page,
  label = page.url(),
  /** Only this part of the page: a modal dialog, whose page behind is inert under its overlay. */
  within?: string,
): Promise<void> {
  // Sonner marks a toast mounted a moment after inserting it, and only then starts its fade-in.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-sonner-toast]')].every(
      (toast) => toast.getAttribute('data-mounted') === 'true',
    ),
  );
  const settled = await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  // A toast whose time is up is leaving the page, not part of it.
  const builder = new AxeBuilder({ page }).exclude('[data-sonner-toast][data-removed="true"]');
  const results = await (within ? builder.include(within) : builder)
    .analyze()
    .finally(() => settled.evaluate((style) => (style as Element).remove()).catch(() => undefined));
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) =>
        `${v.id}: ${v.help} at ${v.nodes.map((node) => `${node.target.join(' ')} (${node.failureSummary})`).join(', ')}`,
    ),
    label,
  ).toEqual([]);
}

/**
 * A new member signed in, in a browser context of their own with the welcome tour skipped: one party of a
 * sale, say. `options` may set the context's viewport (else Playwright's default size) or another baseURL.
 */
export async function newParty(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ page: Page; account: TestAccount }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await skipWelcomeTour(page);
  const account = await signUpAndSignIn(page);
  return { page, account };
}

/**
 * Waits until the image has been drawn (loaded and decoded, from the network or from what the device kept):
 * shown is not yet loaded, and on a busy machine the image arrives a moment after its element.
 */
export async function expectImageDrawn(image: Locator): Promise<void> {
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
    .toBe(true);
}
