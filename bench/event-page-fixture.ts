import sharp from 'sharp';
import { MAIL_SUBJECT } from '../common/messages.js';
import type { EventPage } from '../common/schemas/event-page.js';
import type { ConcertSearchResult } from '../common/schemas/events.js';
import { MAX_LISTINGS_PER_SHOW } from '../common/show-limits.js';

/** A cookie jar and the calls made with it, as one browser of the app would make them. */
function apiSession(base: string) {
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const call = async (method: string, path: string, body?: BodyInit | object) => {
    const headers: Record<string, string> = { origin: base, cookie: cookieHeader() };
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
  /** The newest mail to `to` with `subject` in the dev outbox (it arrives within a few seconds). */
  const mail = async (to: string, subject: string): Promise<string> => {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const mails = (await call('GET', `/api/dev/outbox?to=${encodeURIComponent(to)}`)) as {
        subject: string;
        text: string;
      }[];
      const found = mails.find((each) => each.subject === subject);
      if (found) return found.text;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`no "${subject}" mail to ${to} in the dev outbox`);
  };
  const signIn = async (account: BenchAccount) => {
    const login = (await call('POST', '/api/login', {
      username: account.username,
      password: account.password,
    })) as { userId: number };
    const signedIn = await fetch(`${base}/api/user`, { headers: { cookie: cookieHeader() } });
    if (signedIn.ok) return;
    const code = (await mail(account.email, MAIL_SUBJECT.loginCode)).match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no login code for ${account.username} in the dev outbox`);
    await call('POST', '/api/verify-login', { userId: login.userId, verificationCode: code });
  };
  const register = async (account: BenchAccount) => {
    await call('POST', '/api/register', {
      username: account.username,
      password: account.password,
      firstName: 'Bench',
      lastName: 'Seller',
      email: account.email,
      phoneNumber: null,
      verificationPreference: 'email',
    });
    const token = (await mail(account.email, MAIL_SUBJECT.verifyEmail)).match(
      /\/verify-email\/([\w-]+)/,
    )?.[1];
    if (!token) throw new Error(`no verification link for ${account.username} in the dev outbox`);
    await call('GET', `/api/verify-email/${token}`);
  };
  return { call, signIn, register };
}

interface BenchAccount {
  username: string;
  password: string;
  email: string;
}

/**
 * A show with `count` listings, made through the app's own API as sellers would make them: as many new
 * sellers as the per-show limit of listings asks for (each registered and signed in
 * with the codes from the dev outbox, each with one uploaded ticket image), for a bench that measures an
 * event page as full as a popular show's. Returns the page's address.
 */
export async function showWithListings(base: string, count: number): Promise<string> {
  const png = await sharp({ create: { width: 640, height: 320, channels: 3, background: '#ede9fe' } })
    .png()
    .toBuffer();
  const soon = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const visitor = apiSession(base);
  const concerts = (await visitor.call('GET', '/api/concerts/search?query=tour')) as ConcertSearchResult[];
  const concert = concerts.find((found) => found.daysCount === 1 && found.date > soon);
  if (!concert) throw new Error('the demo catalog has no single-day tour two weeks away');
  const sections = ['Floor A', 'Floor B', '101', '102', '103', '201', '202', 'Balcony'];
  const run = Date.now().toString(36);
  let listed = 0;
  for (let seller = 0; listed < count; seller += 1) {
    const session = apiSession(base);
    const account: BenchAccount = {
      username: `bench${run}s${seller}`,
      password: 'Encore#Bench2026!',
      email: `bench${run}s${seller}@bench.encore.test`,
    };
    await session.register(account);
    await session.signIn(account);
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'ticket.png');
    const image = (await session.call('POST', '/api/upload/direct', form)) as Record<string, string>;
    for (let own = 0; own < MAX_LISTINGS_PER_SHOW && listed < count; own += 1, listed += 1) {
      const index = listed;
      await session.call('POST', '/api/tickets', {
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
    await session.call('POST', '/api/logout');
  }
  return ((await (await fetch(`${base}/api/events/${concert.id}`)).json()) as EventPage).event.path;
}
