import sharp from 'sharp';
import { expect } from 'vitest';
import type { TestClient } from '../../test/harness.js';

/** Helpers for API tests that list tickets: real images and a complete, valid listing form. */

/** A real PNG made with sharp. */
export function makePng(width = 120, height = 60, colour = '#3355cc'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** POST /api/upload/direct with `bytes` as the 'image' field. */
export function uploadImage(client: TestClient, bytes: Uint8Array, name = 'ticket.png', type = 'image/png') {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)], { type }), name);
  return client.request('POST', '/api/upload/direct', { body: form });
}

/** Uploads a fresh PNG and returns its url and public id. */
export async function uploadedImage(
  client: TestClient,
): Promise<{ cloudinaryUrl: string; cloudinaryPublicId: string }> {
  const response = await uploadImage(client, await makePng());
  expect(response.status, response.text).toBe(200);
  return { cloudinaryUrl: response.body.cloudinaryUrl, cloudinaryPublicId: response.body.cloudinaryPublicId };
}

/** A date `days` from today, yyyy-MM-dd (UTC). */
export function daysFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

let shows = 0;

/**
 * Every field the listing form sends, valid, as text (spec 000 §7). Each call names another day, so a test
 * that lists many times stays under the limit of listings per show (decision 0088).
 */
export function validTicketFields(image: { cloudinaryUrl: string; cloudinaryPublicId: string }) {
  shows += 1;
  return {
    eventName: 'Aurora Skies',
    eventDate: daysFromToday(40 + (shows % 300)),
    description: 'Aurora Skies at Riverside Arena, Portland',
    venue: 'Riverside Arena',
    section: '101',
    row: 'C',
    seats: '4, 5',
    quantity: '2',
    faceValue: '80.00',
    serviceFee: '12.50',
    markup: '10',
    listingPrice: '101.75',
    ticketType: 'digital',
    platform: 'ticketmaster',
    isMultiDay: 'false',
    daysCount: '1',
    cloudinaryUrl: image.cloudinaryUrl,
    cloudinaryPublicId: image.cloudinaryPublicId,
  };
}

export function formData(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

/** Sends the form as the client does: multipart form data. */
export function sendTicketForm(
  client: TestClient,
  method: 'POST' | 'PATCH',
  path: string,
  fields: Record<string, string>,
) {
  return client.request(method, path, { body: formData(fields) });
}

/** Uploads an image and lists a ticket with it; returns the listing's id and version. */
export async function createListing(
  client: TestClient,
  overrides: Record<string, string> = {},
): Promise<{ id: number; version: number; fields: ReturnType<typeof validTicketFields> }> {
  const fields = { ...validTicketFields(await uploadedImage(client)), ...overrides };
  const response = await sendTicketForm(client, 'POST', '/api/tickets', fields);
  expect(response.status, response.text).toBe(201);
  return { id: response.body.id, version: response.body.version, fields };
}
