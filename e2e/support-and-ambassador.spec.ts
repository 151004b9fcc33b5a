import { expect, type Page, test } from '@playwright/test';
import { SHELL_TEXT } from '../common/messages';
import { AMBASSADOR_TEXT } from '../common/texts/ambassador';
import { SUPPORT_TEXT } from '../common/texts/support';
import {
  DEMO_ACCOUNTS,
  expectNoSeriousViolations,
  signInThroughApi,
  signUpAndSignIn,
  toastWith,
} from './helpers';

/** The seeded demo staff (README, server/db/seed/users.ts). */
const ADMIN = DEMO_ACCOUNTS.admin;
const AMBASSADOR = DEMO_ACCOUNTS.ambassador;

const mainNav = (page: Page) => page.getByRole('banner').getByRole('navigation', { name: 'Main' });

test.describe('customer support', () => {
  test('a member writes to support, an admin answers and resolves it, and the Support badge follows', async ({
    page,
    browser,
  }) => {
    await signUpAndSignIn(page);
    await page.goto('/messages');
    await expect(page.getByRole('heading', { name: SUPPORT_TEXT.title, level: 1 })).toBeVisible();
    await expect(page.getByText(SUPPORT_TEXT.emptyTitle)).toBeVisible();
    await expect(page.getByText(SUPPORT_TEXT.emptyBody)).toBeVisible();
    await expectNoSeriousViolations(page, '/messages empty at 1280');

    // The form's own checks, with the spec's texts.
    await page.getByRole('button', { name: SUPPORT_TEXT.sendMessage }).click();
    await expect(page.getByText(SUPPORT_TEXT.topicRequired)).toBeVisible();
    await expect(page.getByText(SUPPORT_TEXT.messageTooShort)).toBeVisible();
    await expectNoSeriousViolations(page, '/messages with errors at 1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousViolations(page, '/messages with errors at 390');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByLabel(SUPPORT_TEXT.topicLabel).click();
    await page.getByRole('option', { name: 'Payment Questions' }).click();
    await page
      .getByLabel(SUPPORT_TEXT.messageLabel)
      .fill('I was charged twice for my ticket <b>yesterday</b>.');
    await page.getByRole('button', { name: SUPPORT_TEXT.sendMessage }).click();
    await expect(toastWith(page, SUPPORT_TEXT.sentTitle)).toContainText(SUPPORT_TEXT.sent);
    const conversation = page.getByRole('log', { name: 'Payment Questions' });
    await expect(conversation.getByTestId('support-message')).toHaveText([/You.*<b>yesterday<\/b>/s]);
    await expect(page.getByRole('button', { name: /Payment Questions/ })).toBeVisible();

    // The admin, in a browser of their own, answers and resolves the request.
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await signInThroughApi(adminPage.request, ADMIN);
    const all = await adminPage.request.get('/api/admin-messages');
    const request = ((await all.json()) as { id: number; message: string }[]).find((message) =>
      message.message.startsWith('I was charged twice'),
    );
    expect(request).toBeDefined();
    const answered = await adminPage.request.post(`/api/admin-messages/${request?.id}/reply`, {
      data: { message: 'We refunded the second charge.', adminId: 1 },
    });
    expect(answered.status()).toBe(201);

    // The badge shows the unread answer on any page until the conversation is read.
    await page.goto('/');
    await expect(
      mainNav(page).getByRole('link', { name: /Support 1 unread support messages/ }),
    ).toBeVisible();
    await mainNav(page)
      .getByRole('link', { name: /Support/ })
      .click();
    await page.getByRole('button', { name: /Payment Questions/ }).click();
    await expect(conversation.getByTestId('support-message')).toHaveText([
      /You/,
      /Support Team.*We refunded the second charge\./s,
    ]);
    await expect(mainNav(page).getByRole('link', { name: 'Support', exact: true })).toBeVisible();
    // Answered, the request no longer waits on support.
    await expect(page.getByText(SUPPORT_TEXT.resolved, { exact: true })).toBeVisible();

    // Reopened by an admin, it is pending again.
    const reopened = await adminPage.request.put(`/api/admin-messages/${request?.id}/status`, {
      data: { resolved: false },
    });
    expect(reopened.status()).toBe(200);
    await adminContext.close();
    await page.reload();
    await page.getByRole('button', { name: /Payment Questions/ }).click();
    await expect(page.getByText(SUPPORT_TEXT.pending, { exact: true })).toBeVisible();

    // The member writes again in the same conversation.
    const send = page.getByRole('button', { name: SUPPORT_TEXT.sendReply });
    await expect(send).toBeDisabled();
    await page.getByLabel(SUPPORT_TEXT.replyLabel).fill('Thank you!');
    await send.click();
    await expect(toastWith(page, SUPPORT_TEXT.replySentTitle)).toContainText(SUPPORT_TEXT.replySent);
    await expect(conversation.getByTestId('support-message')).toHaveCount(3);
    await expect(page.getByText(SUPPORT_TEXT.pending, { exact: true })).toBeVisible();
    await expectNoSeriousViolations(page, '/messages conversation at 1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousViolations(page, '/messages conversation at 390');

    await page.getByRole('button', { name: SUPPORT_TEXT.newMessage }).click();
    await expect(page.getByRole('heading', { name: SUPPORT_TEXT.newRequestTitle })).toBeVisible();
  });

  test('a failed load says so', async ({ page }) => {
    await signUpAndSignIn(page);
    await page.route('**/api/admin-messages?*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal"}' }),
    );
    await page.goto('/messages');
    await expect(toastWith(page, 'Error')).toContainText(SUPPORT_TEXT.loadFailed);
    await expectNoSeriousViolations(page, '/messages load failure at 1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousViolations(page, '/messages load failure at 390');
  });
});

test.describe('ambassador dashboard', () => {
  test('an ambassador creates a topic and chats; an admin sees it unread', async ({ page, browser }) => {
    await signInThroughApi(page.request, AMBASSADOR);
    await page.goto('/');
    await mainNav(page).getByRole('link', { name: 'Ambassador' }).click();
    await expect(page).toHaveURL('/ambsd');
    await expect(page.getByRole('heading', { name: AMBASSADOR_TEXT.title })).toBeVisible();

    const topicName = `Street team ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: AMBASSADOR_TEXT.newTopic }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: AMBASSADOR_TEXT.createTopic })).toBeDisabled();
    await expectNoSeriousViolations(page, 'New Topic dialog');
    await dialog.getByLabel(AMBASSADOR_TEXT.topicName).fill(topicName);
    await dialog.getByLabel(AMBASSADOR_TEXT.description).fill('Flyers for Friday');
    await dialog.getByRole('button', { name: AMBASSADOR_TEXT.createTopic }).click();
    await expect(toastWith(page, AMBASSADOR_TEXT.topicCreated)).toBeVisible();
    await expect(page.getByRole('heading', { name: topicName })).toBeVisible();

    const composer = page.getByLabel(AMBASSADOR_TEXT.messageLabel, { exact: true });
    await composer.fill('Who is coming');
    await composer.press('Shift+Enter');
    await composer.pressSequentially('on Friday?');
    await composer.press('Enter');
    const log = page.getByRole('log', { name: topicName });
    await expect(log.getByTestId('chat-message')).toHaveText([
      /Sam Ambassador\s*AMBSD\s*Who is coming\non Friday\?/,
    ]);
    await expect(composer).toHaveValue('');
    await expectNoSeriousViolations(page, '/ambsd chat at 1280');

    // An admin, in another browser, has it unread, reads it and answers.
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await signInThroughApi(adminPage.request, ADMIN);
    // Asked before the page opens: the page selects the oldest topic at once, which may be this one.
    const topics = (await (await adminPage.request.get('/api/ambsd/chat/topics')).json()) as {
      name: string;
      unreadCount: number;
    }[];
    expect(topics.find((topic) => topic.name === topicName)?.unreadCount).toBe(1);
    await adminPage.goto('/ambsd');
    const topicButton = adminPage.getByRole('button', { name: new RegExp(topicName) });
    await topicButton.click();
    await expect(adminPage.getByRole('log', { name: topicName }).getByTestId('chat-message')).toHaveCount(1);
    await expect(topicButton.getByText('1', { exact: true })).toBeHidden();
    const adminComposer = adminPage.getByLabel(AMBASSADOR_TEXT.messageLabel, { exact: true });
    await adminComposer.fill('I will bring posters.');
    await adminComposer.press('Enter');
    await expect(
      adminPage.getByRole('log', { name: topicName }).getByText('I will bring posters.'),
    ).toBeVisible();
    await adminContext.close();

    // The ambassador's pane refreshes on its own within 10 s.
    await expect(log.getByTestId('chat-message')).toHaveCount(2, { timeout: 15_000 });
    await expect(log.getByTestId('chat-message').nth(1)).toContainText('Ada Admin');

    // The attendee search, before and after a search without results.
    await page.getByRole('tab', { name: AMBASSADOR_TEXT.searchTab }).click();
    await expect(page.getByText(AMBASSADOR_TEXT.beforeSearch)).toBeVisible();
    await page.getByLabel(AMBASSADOR_TEXT.searchLabel).fill('zzqx-no-such-event');
    await page.getByLabel(AMBASSADOR_TEXT.searchLabel).press('Enter');
    await expect(page.getByText(AMBASSADOR_TEXT.noAttendees('zzqx-no-such-event'))).toBeVisible();
    await expect(page.getByText(AMBASSADOR_TEXT.tryAnother)).toBeVisible();
    await expectNoSeriousViolations(page, '/ambsd empty search at 1280');

    // Phone layout: the topic list first, then the chat with a way back.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('tab', { name: AMBASSADOR_TEXT.chatTab }).click();
    await expectNoSeriousViolations(page, '/ambsd chat at 390');
  });

  test('a failed search says so, and a member is turned away', async ({ page }) => {
    await signInThroughApi(page.request, AMBASSADOR);
    await page.route('**/api/ambsd/event-attendees?*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal"}' }),
    );
    await page.goto('/ambsd');
    await page.getByRole('tab', { name: AMBASSADOR_TEXT.searchTab }).click();
    await page.getByLabel(AMBASSADOR_TEXT.searchLabel).fill('Festival');
    await page.getByRole('button', { name: AMBASSADOR_TEXT.search }).click();
    await expect(toastWith(page, 'Error')).toContainText(AMBASSADOR_TEXT.searchFailed);
    await expectNoSeriousViolations(page, '/ambsd search failure at 1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousViolations(page, '/ambsd search failure at 390');

    await page.request.post('/api/logout');
    await signUpAndSignIn(page);
    await page.goto('/ambsd');
    await expect(toastWith(page, SHELL_TEXT.accessDeniedTitle)).toContainText(SHELL_TEXT.accessDenied);
    await expect(page).toHaveURL('/');
  });
});
