import { expect, test } from '@playwright/test';
import { LISTING_TEXT } from '../common/messages';
import { dollarsToCents } from '../common/money';
import { listingPriceCents } from '../common/pricing';
import type { TicketSaveResponse } from '../common/schemas/tickets';
import { signUpAndSignIn, toastWith } from './helpers';
import {
  agreement,
  choosePlatform,
  expectBreakdown,
  expectImageShown,
  fillNewListing,
  fillSeats,
  getTicket,
  listThroughForm,
  pickConcert,
  searchAndChoose,
  uploadImage,
} from './listing-helpers';

test.describe('listing a ticket', () => {
  test('a seller lists a concert ticket with an image, then edits its face value', async ({ page }) => {
    await signUpAndSignIn(page);
    const concert = await pickConcert(page);
    const minPrice = concert.minFaceValue as number;

    await page.goto('/listing');
    await expect(page.getByRole('heading', { name: LISTING_TEXT.createTitle })).toBeVisible();
    const form = page.getByRole('main');
    await expect(form.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    await expect(form.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await expectBreakdown(page, { faceValueCents: 0, serviceFeeCents: 0, markupPercent: 0, quantity: 1 });

    await searchAndChoose(page, concert);
    await expect(page.getByLabel('Event name')).toHaveValue(concert.name);
    await expect(page.getByLabel('Event date')).toHaveValue(concert.date);
    await expect(page.getByLabel('Venue')).toHaveValue(concert.venue);
    await expect(page.getByLabel('Description')).toHaveValue(
      `${concert.name} at ${concert.venue}, ${concert.city}`,
    );
    await expect(page.getByLabel('Face value ($)')).toHaveValue(minPrice.toFixed(2));

    // General admission fills row and seats; then the seller switches to reserved seats.
    await page.getByLabel('Section', { exact: true }).fill('GA');
    await expect(page.getByLabel('Row', { exact: true })).toHaveValue('GA');
    await expect(page.getByLabel('Seats', { exact: true })).toHaveValue('GA');
    await fillSeats(page, { section: '112', row: 'K', seats: '14, 15' });
    await page.getByLabel('Quantity').fill('2');
    await page.getByLabel('Service fee ($)').fill('12.755');
    await expect(page.getByLabel('Service fee ($)')).toHaveValue('12.75');

    await expect(page.getByRole('radio', { name: /Digital/ })).toBeChecked();
    await choosePlatform(page, 'Ticketmaster');
    await uploadImage(page);

    const prices = {
      faceValueCents: dollarsToCents(minPrice),
      serviceFeeCents: 1275,
      markupPercent: 0,
      quantity: 2,
    };
    await expectBreakdown(page, prices);
    const slider = page.getByRole('slider', { name: 'Markup' });
    await slider.focus();
    for (let step = 0; step < 12; step++) await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveValue('12');
    await expect(page.getByTestId('markup-badge')).toHaveText('+12%');
    await expectBreakdown(page, { ...prices, markupPercent: 12 });
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByTestId('markup-badge')).toHaveText('+10%');
    await expectBreakdown(page, { ...prices, markupPercent: 10 });

    const listButton = page.getByRole('button', { name: 'List Ticket' });
    await expect(listButton).toBeDisabled();
    await agreement(page).check();
    await expect(listButton).toBeEnabled();
    const created = page.waitForResponse(
      (response) => response.url().endsWith('/api/tickets') && response.request().method() === 'POST',
    );
    await listButton.click();
    const createdAnswer = await created;
    expect(createdAnswer.status(), await createdAnswer.text()).toBe(201);
    const { id } = (await createdAnswer.json()) as TicketSaveResponse;
    const listedToast = toastWith(page, LISTING_TEXT.listedTitle);
    await expect(listedToast).toBeVisible();
    await expect(listedToast).toContainText(LISTING_TEXT.listedWithImage);
    // A new seller's first listing: on to the identity prompt, not blocking the listing (decision 0086).
    await expect(page).toHaveURL('/verify-identity?after=suggested');

    const stored = await getTicket(page, id);
    expect(stored).toMatchObject({
      eventId: concert.id,
      eventName: concert.name,
      section: '112',
      row: 'K',
      seats: '14, 15',
      quantity: 2,
      faceValue: minPrice,
      serviceFee: 12.75,
      markup: 10,
      platform: 'ticketmaster',
      listingPrice: listingPriceCents(prices.faceValueCents, 1275, 10) / 100,
    });

    await page.goto(`/listing?edit=${id}`);
    await expect(page.getByRole('heading', { name: LISTING_TEXT.editTitle })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
    await expect(page.getByLabel('Event name')).toHaveValue(concert.name);
    await expect(page.getByLabel('Event date')).toHaveValue(concert.date);
    await expect(page.getByLabel('Section', { exact: true })).toHaveValue('112');
    await expect(page.getByLabel('Row', { exact: true })).toHaveValue('K');
    await expect(page.getByLabel('Seats', { exact: true })).toHaveValue('14, 15');
    await expect(page.getByLabel('Quantity')).toHaveValue('2');
    await expect(page.getByLabel('Face value ($)')).toHaveValue(minPrice.toFixed(2));
    await expect(page.getByLabel('Service fee ($)')).toHaveValue('12.75');
    await expect(page.getByTestId('markup-badge')).toHaveText('+10%');
    await expect(page.getByRole('combobox', { name: 'Platform' })).toHaveText('Ticketmaster');
    await expectImageShown(page);
    await expectBreakdown(page, { ...prices, markupPercent: 10 });

    const newFaceValueCents = prices.faceValueCents + 2_500;
    await page.getByLabel('Face value ($)').fill((newFaceValueCents / 100).toFixed(2));
    await expectBreakdown(page, { ...prices, faceValueCents: newFaceValueCents, markupPercent: 10 });
    const saveButton = page.getByRole('button', { name: 'Save changes' });
    // The seller agreed when listing: edit mode starts ticked (decision 0009).
    await expect(agreement(page)).toBeChecked();
    await expect(saveButton).toBeEnabled();
    await saveButton.click();
    await expect(toastWith(page, LISTING_TEXT.updatedTitle)).toBeVisible();

    const updated = await getTicket(page, id);
    expect(updated.version).toBe(stored.version + 1);
    expect(updated.faceValue).toBe(newFaceValueCents / 100);
    expect(updated.listingPrice).toBe(listingPriceCents(newFaceValueCents, 1275, 10) / 100);
    expect(updated.cloudinaryPublicId).toBe(stored.cloudinaryPublicId);
  });

  test('the agreement, a digital platform and an image are required before listing', async ({ page }) => {
    await signUpAndSignIn(page);
    const concert = await pickConcert(page);
    await fillNewListing(page, concert);

    const listButton = page.getByRole('button', { name: 'List Ticket' });
    await expect(listButton).toBeDisabled();
    await agreement(page).check();
    await expect(listButton).toBeEnabled();
    await agreement(page).uncheck();
    await expect(listButton).toBeDisabled();
    await agreement(page).check();

    let posted = false;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/tickets')) posted = true;
    });

    await listButton.click();
    const platformToast = toastWith(page, LISTING_TEXT.platformRequiredTitle);
    await expect(platformToast).toBeVisible();
    await expect(platformToast).toContainText(LISTING_TEXT.platformRequired);

    await choosePlatform(page, 'Live Nation');
    await listButton.click();
    const imageToast = toastWith(page, LISTING_TEXT.imageRequiredTitle);
    await expect(imageToast).toBeVisible();
    await expect(imageToast).toContainText(LISTING_TEXT.imageRequired);
    await expect(page.getByText(LISTING_TEXT.imageFieldRequired)).toBeVisible();

    // Paper tickets need no platform; the image is still required.
    await page.getByRole('radio', { name: /Paper/ }).check();
    await expect(page.getByRole('combobox', { name: 'Platform' })).toBeHidden();
    await listButton.click();
    await expect(toastWith(page, LISTING_TEXT.imageRequiredTitle).first()).toBeVisible();
    expect(posted).toBe(false);
  });

  test('a text file named .png is refused before it is uploaded', async ({ page }) => {
    await signUpAndSignIn(page);
    await page.goto('/listing');
    let uploaded = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/upload/direct')) uploaded = true;
    });
    await page.getByLabel('Ticket image').setInputFiles({
      name: 'ticket.png',
      mimeType: 'image/png',
      buffer: Buffer.from('These are my seats: section 104, row F.\n'),
    });
    const refused = toastWith(page, LISTING_TEXT.invalidFileTypeTitle);
    await expect(refused).toBeVisible();
    await expect(refused).toContainText(LISTING_TEXT.invalidFileType);
    await expect(page.getByRole('alert').filter({ hasText: LISTING_TEXT.invalidFileType })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Ticket preview' })).toHaveCount(0);
    expect(uploaded).toBe(false);
  });

  test('a save that meets a newer version adopts it and retries once', async ({ page, browser }) => {
    await signUpAndSignIn(page);
    const concert = await pickConcert(page);
    const id = await listThroughForm(page, concert);

    await page.goto(`/listing?edit=${id}`);
    await expect(page.getByLabel('Section', { exact: true })).toHaveValue('104');
    const opened = await getTicket(page, id);

    // Someone saves the listing behind the open editor's back.
    const behindTheBack = await page.request.post(`/api/tickets/${id}`, {
      multipart: {
        id: String(id),
        version: String(opened.version),
        eventId: String(concert.id),
        eventName: opened.eventName,
        eventDate: opened.eventDate,
        description: opened.description,
        venue: opened.venue,
        section: '105',
        row: opened.row,
        seats: opened.seats,
        quantity: String(opened.quantity),
        faceValue: opened.faceValue.toFixed(2),
        serviceFee: opened.serviceFee.toFixed(2),
        markup: String(opened.markup),
        ticketType: opened.ticketType,
        platform: opened.platform ?? '',
        isMultiDay: 'false',
        daysCount: '1',
        cloudinaryUrl: opened.cloudinaryUrl ?? '',
        cloudinaryPublicId: opened.cloudinaryPublicId ?? '',
      },
    });
    expect(behindTheBack.ok(), await behindTheBack.text()).toBe(true);
    const bumped = (await behindTheBack.json()) as TicketSaveResponse;
    expect(bumped.version).toBe(opened.version + 1);

    const saves: number[] = [];
    page.on('response', (response) => {
      if (response.request().method() === 'POST' && response.url().endsWith(`/api/tickets/${id}`))
        saves.push(response.status());
    });
    const newFaceValueCents = dollarsToCents(opened.faceValue) + 1_000;
    await page.getByLabel('Face value ($)').fill((newFaceValueCents / 100).toFixed(2));
    await agreement(page).check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(toastWith(page, LISTING_TEXT.updatedTitle)).toBeVisible();
    expect(saves).toEqual([409, 200]);

    const saved = await getTicket(page, id);
    expect(saved.version).toBe(bumped.version + 1);
    expect(saved.faceValue).toBe(newFaceValueCents / 100);
    expect(saved.listingPrice).toBe(
      listingPriceCents(newFaceValueCents, dollarsToCents(opened.serviceFee), opened.markup) / 100,
    );

    // Leaving the editor releases its lock.
    await page.goto('/');
    await expect.poll(async () => (await getTicket(page, id)).isBeingEdited).toBe(false);

    // Another member following the edit link gets no editor and takes no edit lock.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signUpAndSignIn(otherPage);
    await otherPage.goto(`/listing?edit=${id}`);
    await expect(
      otherPage.getByText('This listing belongs to another seller.', { exact: false }),
    ).toBeVisible();
    await expect(otherPage.getByLabel('Section', { exact: true })).toHaveCount(0);
    expect((await getTicket(page, id)).isBeingEdited).toBe(false);
    await other.close();
  });
});
