import { type Browser, expect, type Page, test } from '@playwright/test';
import { AUTH_ERROR_TEXT, SHELL_TEXT } from '../common/messages';
import { signUpAndSignIn } from './helpers';

/** The pages the build prerenders for visitors (client/prerendered-pages.ts), with a heading each shows. */
const VISITOR_PAGES = [
  { path: '/', heading: SHELL_TEXT.landingHeadline, title: 'Home · Encore' },
  { path: '/home', heading: 'Concert tickets from fans, for fans.', title: 'How Encore works · Encore' },
  { path: '/login', heading: 'Welcome back', title: 'Log In · Encore' },
  { path: '/signup', heading: 'Create your account', title: 'Sign Up · Encore' },
];

/** Waits until the app has taken over the page: the build's mark on #root is gone. */
async function appRunning(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('data-prerendered'));
}

/**
 * #root's HTML once the app runs, written the same way whoever put the DOM there. What differs without
 * changing the page is left out: attributes are in name order (the server writes them in the order of
 * the props, the browser's DOM in the order React set them); a value the server wrote as an attribute is
 * a property in the browser; sonner's suppressHydrationWarning prop is written as it comes; React's
 * comments (Suspense boundaries, the seams between adjacent texts) are kept by hydration only; and
 * `useId` names an element by its place in the tree when hydrating, by a counter when rendering afresh,
 * so ids become their order of appearance (which keeps every label pointing at its own control).
 */
async function rootHtml(page: Page): Promise<string> {
  const html = await page.locator('#root').evaluate((root) => {
    const ignored = new Set(['value', 'suppresshydrationwarning']);
    const escapeText = (text: string) =>
      text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
    const write = (node: Node): string => {
      if (node instanceof Text) return escapeText(node.data);
      if (!(node instanceof Element)) return '';
      const attributes = [...node.attributes]
        .filter((attribute) => !ignored.has(attribute.name))
        .map((attribute) => `${attribute.name}="${attribute.value.replaceAll('"', '&quot;')}"`)
        .sort();
      const children = [...node.childNodes].map(write).join('');
      const tag = node.tagName.toLowerCase();
      return `<${[tag, ...attributes].join(' ')}>${children}</${tag}>`;
    };
    return [...root.childNodes].map(write).join('');
  });
  const ids = new Map<string, string>();
  return html.replace(/_[rR]_[0-9a-z]+_/g, (id) => {
    if (!ids.has(id)) ids.set(id, `use-id-${ids.size + 1}`);
    return ids.get(id) ?? id;
  });
}

/** The page as the app renders it with no prerendered HTML: a session cookie gets the shell. */
async function renderedByTheAppAlone(browser: Browser, baseURL: string, path: string, heading: string) {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'encore_session', value: 'not-a-session', url: baseURL }]);
  const page = await context.newPage();
  const response = await page.goto(path);
  expect(await response?.text()).not.toContain('data-prerendered');
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const html = await rootHtml(page);
  await context.close();
  return html;
}

test.describe('pages prerendered for visitors', () => {
  test('paint and link to each other before any JavaScript runs, their controls waiting for the app', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const { path, heading, title } of VISITOR_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole('contentinfo').getByText(SHELL_TEXT.copyright)).toBeVisible();
    }

    await page.goto('/login');
    const username = page.getByLabel('Username');
    await expect(username).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeDisabled();
    // Disabled only until the app runs: it looks as it will then.
    expect(await username.evaluate((input) => getComputedStyle(input).opacity)).toBe('1');
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL('/signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    await context.close();
  });

  test('are taken over by the app unchanged, then work as the app renders them', async ({
    browser,
    baseURL,
  }) => {
    for (const { path, heading } of VISITOR_PAGES) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      const response = await page.goto(path);
      expect(await response?.text()).toContain('<div id="root" data-prerendered>');
      await appRunning(page);
      await page.waitForLoadState('networkidle');
      const hydrated = await rootHtml(page);
      expect(hydrated).toBe(await renderedByTheAppAlone(browser, baseURL ?? '', path, heading));
      expect(hydrated).not.toContain('data-prerender-disabled');
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  test('a login typed as soon as the form is enabled signs in', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill('nobody-here');
    await page.getByLabel('Password', { exact: true }).fill('Wrong-password-1');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: AUTH_ERROR_TEXT.badCredentials })).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveValue('nobody-here');
  });

  test('a signed-in user gets the app shell, which takes them home', async ({ page }) => {
    const account = await signUpAndSignIn(page);
    const response = await page.goto('/login');
    expect(await response?.text()).not.toContain('data-prerendered');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('img', { name: `Signed in as ${account.username}` })).toBeVisible();
  });
});
