import { expect, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import { DATA_EXPORT_TEXT } from '../common/texts/data-export';
import { expectNoSeriousViolations, newParty, tabTo, waitForMail } from './helpers';

/** Issue 47 item 4 (decision 0097): a copy of my data, from the profile, by keyboard, to the ZIP. */
test.describe('a copy of my data', () => {
  test('a member asks from the profile, follows the e-mailed link and downloads the ZIP', async ({
    browser,
  }) => {
    const { page, account } = await newParty(browser, { viewport: { width: 1280, height: 900 } });
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: DATA_EXPORT_TEXT.sectionTitle })).toBeVisible();
    const request = page.getByRole('button', { name: DATA_EXPORT_TEXT.requestButton });
    await expect(request).toBeEnabled();
    await tabTo(page, request);
    await page.keyboard.press('Enter');
    await expect(page.getByText(DATA_EXPORT_TEXT.requested)).toBeVisible();
    // The job may finish before the page is read: the copy is then ready already.
    await expect(
      page
        .getByText(/We are preparing your data and will e-mail you a link/)
        .or(page.getByText(/Your copy is ready/)),
    ).toBeVisible();
    await expectNoSeriousViolations(page, 'the profile with a copy being prepared or ready, 1280 px');

    // The job runs within a second on the journeys' server; the e-mail carries the link.
    const mail = await waitForMail(page.request, account.email, DATA_EXPORT_TEXT.mailSubject);
    const link = /https?:\/\/\S+\/login\?next=\S+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();
    const url = new URL(link as string);
    await page.goto(`${url.pathname}${url.search}`);
    // Signed in: straight on to the profile, the download link focused.
    await expect(page).toHaveURL(/\/profile\?export=/);
    const download = page.getByRole('link', { name: DATA_EXPORT_TEXT.download });
    await expect(download).toBeFocused();
    const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(file.suggestedFilename()).toMatch(/^encore-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const files = unzipSync(new Uint8Array(Buffer.concat(chunks)));
    expect(Object.keys(files)).toContain('profile.json');
    const profile = JSON.parse(new TextDecoder().decode(files['profile.json']));
    expect(profile).toMatchObject({ username: account.username, email: account.email });

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(download).toBeVisible();
    await expectNoSeriousViolations(page, 'the profile with a copy ready, 390 px');
  });
});
