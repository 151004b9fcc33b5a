import sharp from 'sharp';
import { MAIL_SUBJECT } from '../common/messages.js';
import type { EventPage } from '../common/schemas/event-page.js';
import type { ConcertSearchResult } from '../common/schemas/events.js';

/**
 * A show with `count` listings, made through the app's own API as the demo seller maya would make them
 * (sign-in with its e-mailed code from the dev outbox, one uploaded ticket image, then the listings), for
 * a bench that measures an event page as full as a popular show's. Returns the page's address.
 */
export async function showWithListings(base: string, count: number): Promise<string> {
  const cookies = new Map<string, string>();
  const call = async (method: string, path: string, body?: BodyInit | object) => {
    const headers: Record<string, string> = {
      origin: base,
      cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    };
    const isForm = body instanceof FormData;
    if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    if (!response.ok)
      throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return response.json() as Promise<unknown>;
  };

  const login = (await call('POST', '/api/login', { username: 'maya', password: 'Encore#Maya2026' })) as {
    userId: number;
  };
  const signedIn = await fetch(`${base}/api/user`, {
    headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
  });
  if (!signedIn.ok) {
    const mails = (await call('GET', '/api/dev/outbox?to=maya%40encore.test')) as {
      subject: string;
      text: string;
    }[];
    const code = mails
      .find((mail) => mail.subject === MAIL_SUBJECT.loginCode)
      ?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error('no login code for maya in the dev outbox');
    await call('POST', '/api/verify-login', { userId: login.userId, verificationCode: code });
  }

  const png = await sharp({ create: { width: 640, height: 320, channels: 3, background: '#ede9fe' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'ticket.png');
  const image = (await call('POST', '/api/upload/direct', form)) as Record<string, string>;

  const soon = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const concerts = (await call('GET', '/api/concerts/search?query=tour')) as ConcertSearchResult[];
  const concert = concerts.find((found) => found.daysCount === 1 && found.date > soon);
  if (!concert) throw new Error('the demo catalog has no single-day tour two weeks away');
  const sections = ['Floor A', 'Floor B', '101', '102', '103', '201', '202', 'Balcony'];
  for (let index = 0; index < count; index += 1) {
    await call('POST', '/api/tickets', {
      eventId: String(concert.id),
      eventName: concert.name,
      eventDate: concert.date,
      description: `${concert.name} at ${concert.venue}, ${concert.city}`,
      venue: concert.venue,
      section: sections[index % sections.length],
      row: String.fromCharCode(65 + (index % 20)),
      seats: '1, 2',
      quantity: '2',
      faceValue: (60 + (index % 17) * 5).toFixed(2),
      serviceFee: '9.50',
      markup: String((index * 7) % 40),
      ticketType: index % 5 === 0 ? 'paper' : 'digital',
      ...(index % 5 === 0 ? {} : { platform: 'ticketmaster' }),
      isMultiDay: 'false',
      daysCount: '1',
      ...image,
    });
  }
  await call('POST', '/api/logout');
  return ((await (await fetch(`${base}/api/events/${concert.id}`)).json()) as EventPage).event.path;
}
