import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketFormSchema, ticketUpdateFieldsSchema } from '../../../common/schemas/tickets.js';
import { backends, startTestApp, type TestApp } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import { daysFromToday, sendTicketForm, uploadedImage } from './testing.js';

interface FormSchema {
  required: string[];
  properties: Record<string, { type: string; example?: string; default?: string; enum?: string[] }>;
}
interface Operation {
  requestBody?: { content: Record<string, { schema: FormSchema }> };
}

/** The listing form in /api/openapi.json (issue 43 §11): a client written from the document lists and edits. */
describe.each(backends)('the listing form in the API description on %s', (backend) => {
  let harness: TestApp;
  let paths: Record<string, Record<string, Operation>>;
  beforeAll(async () => {
    harness = await startTestApp(backend);
    paths = (await harness.client().get('/api/openapi.json')).body.paths;
  });
  afterAll(async () => {
    await harness.close();
  });

  const formOf = (path: string, method: string, type = 'multipart/form-data') => {
    const schema = paths[path]?.[method]?.requestBody?.content[type]?.schema;
    if (!schema) throw new Error(`no ${type} body for ${method} ${path}`);
    return schema;
  };

  it('describes every field the form reads, for each content type, on the listing and its edit', () => {
    const listing = formOf('/api/tickets', 'post');
    expect(Object.keys(listing.properties).sort()).toEqual(Object.keys(ticketFormSchema.in.shape).sort());
    for (const type of ['application/x-www-form-urlencoded', 'application/json'])
      expect(formOf('/api/tickets', 'post', type)).toEqual(listing);
    for (const method of ['post', 'patch']) {
      const edit = formOf('/api/tickets/{id}', method);
      expect(Object.keys(edit.properties).sort()).toEqual(
        [...Object.keys(ticketFormSchema.in.shape), ...Object.keys(ticketUpdateFieldsSchema.shape)].sort(),
      );
      expect(edit.required).toEqual(expect.arrayContaining(['id', 'version', ...listing.required]));
    }
    expect(listing.properties.ticketType?.enum).toEqual(['digital', 'paper']);
    expect(listing.properties.splitRule?.enum).toEqual(['any', 'no_single', 'all']);
    expect(listing.properties.platform?.enum).toEqual(['ticketmaster', 'livenation', 'axs']);
    // The document describes; the form is still read by hand: the other routes keep their own bodies.
    expect(paths['/api/tickets/{id}']?.get?.requestBody).toBeUndefined();
  });

  it('lists and edits with a form built from the document’s own examples', async () => {
    const client = await signedInClient(harness, (await createTestUser(harness.database.db)).id);
    const image = await uploadedImage(client);
    const listing = formOf('/api/tickets', 'post');
    const fields: Record<string, string> = {};
    for (const [name, property] of Object.entries(listing.properties)) {
      const example = property.example ?? property.default;
      if (example !== undefined && name !== 'eventId') fields[name] = example;
    }
    Object.assign(fields, {
      eventDate: daysFromToday(40),
      platform: listing.properties.platform?.enum?.[0] ?? '',
      cloudinaryUrl: image.cloudinaryUrl,
      cloudinaryPublicId: image.cloudinaryPublicId,
    });
    for (const name of listing.required) expect(fields[name], name).toBeDefined();
    const created = await sendTicketForm(client, 'POST', '/api/tickets', fields);
    expect(created.status, created.text).toBe(201);
    const edit = formOf('/api/tickets/{id}', 'patch');
    expect(edit.required).toContain('version');
    const edited = await sendTicketForm(client, 'PATCH', `/api/tickets/${created.body.id}`, {
      ...fields,
      id: String(created.body.id),
      version: String(created.body.version),
      section: '102',
    });
    expect(edited.status, edited.text).toBe(200);
  });
});
