import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_TEXT } from '../../../common/messages.js';
import type { EventPage } from '../../../common/schemas/event-page.js';
import { artists, events } from '../../db/schema/index.js';
import { backends, startTestApp, type TestApp } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import { isoDay } from '../marketplace/testing.js';
import { sendTicketForm, uploadedImage, validTicketFields } from '../tickets/testing.js';
import { type CatalogEvent, upsertCatalog } from './import.js';

const venue = {
  externalId: 'ci-venue',
  name: 'Pier\u2028Hall',
  city: 'Portland',
  timeZone: 'America/Los_Angeles',
};

function artist(key: string, imageUrl: string | null, infoUrl: string | null = null) {
  return { externalId: `ci-artist-${key}`, name: `Artist ${key}`, imageUrl, genres: ['Rock\u2029'], infoUrl };
}

/** The catalog import holds outside text to what the forms accept (issue 43 §12). */
describe.each(backends)('the catalog import on %s', (backend) => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await startTestApp(backend);
  });
  afterAll(async () => {
    await harness.close();
  });

  const eventNamed = async (externalId: string) =>
    (await harness.database.db.select().from(events).where(eq(events.externalId, externalId)))[0];

  it('stores a show name with U+2028/U+2029 on one line, so its listings are accepted', async () => {
    const show: CatalogEvent = {
      externalId: 'ci-separators',
      name: 'Night\u2028Tour\u2029 Live',
      date: isoDay(40),
      daysCount: 1,
      venue,
      artists: [artist('a', 'https://img.example/a.jpg')],
    };
    const reported = await upsertCatalog(harness.database.db, [
      show,
      { ...show, externalId: 'ci-blank', name: '\u2028\u2029 ' },
    ]);
    expect(reported.events).toBe(1);
    expect(await eventNamed('ci-blank')).toBeUndefined();
    const stored = await eventNamed('ci-separators');
    expect(stored?.name).toBe('Night Tour Live');
    const client = await signedInClient(harness, (await createTestUser(harness.database.db)).id);
    const fields = { ...validTicketFields(await uploadedImage(client)), eventDate: isoDay(40) };
    const raw = await sendTicketForm(client, 'POST', '/api/tickets', { ...fields, eventName: show.name });
    expect(raw.status).toBe(400);
    expect(raw.body.message).toBe(INPUT_TEXT.controlCharacters);
    const listed = await sendTicketForm(client, 'POST', '/api/tickets', {
      ...fields,
      eventName: stored?.name ?? '',
      venue: 'Pier Hall',
    });
    expect(listed.status, listed.text).toBe(201);
  });

  it('keeps only http(s), the app’s own and generated-art picture addresses; a javascript: one never reaches the page', async () => {
    await upsertCatalog(harness.database.db, [
      {
        externalId: 'ci-images',
        name: 'Picture Show',
        date: isoDay(40),
        daysCount: 1,
        venue,
        artists: [
          artist('js', 'javascript:alert(document.cookie)', 'javascript:alert(1)'),
          artist('data', 'data:image/svg+xml,<svg onload=alert(1)>', '//evil.example/'),
          artist('own', '/api/images/42', 'https://www.ticketmaster.com/artist/1'),
          artist('web', 'https://img.example/web.jpg'),
        ],
      },
    ]);
    const stored = await harness.database.db
      .select({ name: artists.name, image: artists.imageUrl, info: artists.infoUrl, genres: artists.genres })
      .from(artists);
    const byName = Object.fromEntries(stored.map((row) => [row.name, row]));
    expect(byName['Artist js']).toMatchObject({ image: null, info: null, genres: ['Rock'] });
    // Generated art is kept (the demo catalog's is), and only ever served by the app's own URL under a
    // sandboxing content security policy, never carried by a page.
    expect(byName['Artist data']).toMatchObject({
      image: 'data:image/svg+xml,<svg onload=alert(1)>',
      info: null,
    });
    expect(byName['Artist own']).toMatchObject({
      image: '/api/images/42',
      info: 'https://www.ticketmaster.com/artist/1',
    });
    expect(byName['Artist web']?.image).toBe('https://img.example/web.jpg');
    const id = (await eventNamed('ci-images'))?.id;
    const page = await harness.client().get<EventPage>(`/api/events/${id}`);
    expect(page.status).toBe(200);
    expect(page.text).not.toMatch(/javascript:|data:image/);
    expect(page.body.event.lineup.map((member) => member.image)).toEqual([
      null,
      expect.stringMatching(/^\/api\/artists\/\d+\/image\?v=[0-9a-f]{16}$/),
      '/api/images/42',
      'https://img.example/web.jpg',
    ]);
  });
});
