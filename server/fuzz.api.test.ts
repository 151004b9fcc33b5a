import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, signedInClient } from './modules/auth/testing.js';
import { backends, startTestApp, type TestApp, type TestClient } from './test/harness.js';

/**
 * Issue 6 §2: no input gives a 5xx. Every route and method of /api/openapi.json (so routes added later are
 * covered without touching this file) gets wrong types, huge and unicode strings, NUL, nulls, arrays for
 * scalars, out-of-range numbers, broken JSON and multipart and wrong content types, as a visitor and signed
 * in. A seeded generator makes every run send the same requests; the count is bounded to keep it fast.
 */
const SEED = 20_261_123;
const REQUESTS_PER_OPERATION = 14;

/** mulberry32: a small seeded generator, so a failure can be replayed exactly. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, pick };
}
type Random = ReturnType<typeof generator>;

const HUGE = 'x'.repeat(200_000);
const STRINGS = [
  '',
  ' ',
  'a',
  'Sturdy#Pass1',
  'rae@example.com',
  'a\u0000b',
  '\u0000',
  'line\nbreak',
  '\u202eevil',
  'Zoë 🎸 東京 ﷽',
  '\ud800',
  'x'.repeat(3_000),
  HUGE,
  `a@${'a.'.repeat(60_000)} x`,
  "'; drop table users; --",
  '%00%ff%',
  '../../etc/passwd',
  '{"a":1}',
  '2147483648',
  '-1',
  '1e400',
  'NaN',
];
const NUMBERS = [0, -1, 1, 1.5, 2_147_483_647, 2_147_483_648, -2_147_483_649, 2 ** 53 + 1, 1e308, -1e308];

/** Any value of any type; `depth` bounds nesting. */
function anyValue(random: Random, depth = 0): unknown {
  const kind = random.pick(['string', 'string', 'number', 'boolean', 'null', 'array', 'object'] as const);
  if (kind === 'string') return random.pick(STRINGS);
  if (kind === 'number') return random.pick(NUMBERS);
  if (kind === 'boolean') return random.next() < 0.5;
  if (kind === 'null') return null;
  if (depth > 1) return random.pick(STRINGS);
  if (kind === 'array') return [anyValue(random, depth + 1), anyValue(random, depth + 1)];
  return { nested: anyValue(random, depth + 1), __proto__: { polluted: true } };
}

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyFields: string[];
  contentTypes: string[];
}

interface OpenApiOperation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

function operationsOf(document: { paths: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      const bodyFields = Object.values(content).flatMap((media) =>
        Object.keys(media.schema?.properties ?? {}),
      );
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? ''),
        queryParams: parameters
          .filter((parameter) => parameter.in === 'query')
          .map((parameter) => parameter.name),
        bodyFields: [...new Set(bodyFields)],
        contentTypes: Object.keys(content),
      });
    }
  }
  return operations;
}

const PATH_VALUES = [
  '1',
  '0',
  '-1',
  '2147483648',
  '99999999999999999999',
  'abc',
  '1.5',
  '%00',
  '%E2%80%AE',
  'x'.repeat(300),
];

interface Shaped {
  path: string;
  headers: Record<string, string>;
  body?: string | FormData | Blob;
}

function multipartBody(random: Random, fields: string[]): { contentType: string; body: string } {
  const boundary = random.pick(['XX', '', 'b'.repeat(300), 'ok-boundary']);
  const declared = random.pick([boundary, 'other', '']);
  const parts = fields
    .map(
      (field) =>
        `--${boundary}\r\ncontent-disposition: form-data; name="${field}"\r\n\r\n${String(anyValue(random)).slice(0, 5_000)}\r\n`,
    )
    .join('');
  const end = random.pick([`--${boundary}--\r\n`, '', `--${boundary}`]);
  const file =
    random.next() < 0.5
      ? `--${boundary}\r\ncontent-disposition: form-data; name="image"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n\u0089PNG garbage\r\n`
      : '';
  return {
    contentType: declared === '' ? 'multipart/form-data' : `multipart/form-data; boundary=${declared}`,
    body: `${parts}${file}${end}`,
  };
}

function shape(random: Random, operation: Operation): Shaped {
  let path = operation.path;
  for (const name of operation.pathParams) path = path.replace(`{${name}}`, random.pick(PATH_VALUES));
  const query = new URLSearchParams();
  for (const name of operation.queryParams) {
    const choice = random.next();
    if (choice < 0.15) continue;
    const value = choice < 0.3 ? [random.pick(STRINGS), random.pick(STRINGS)] : [String(anyValue(random))];
    for (const item of value) query.append(name, item.slice(0, 4_000));
  }
  if (random.next() < 0.2)
    query.append(random.pick(['__proto__', 'constructor', 'x']), random.pick(STRINGS).slice(0, 100));
  const search = query.toString();
  const url = search ? `${path}?${search}` : path;
  if (operation.method === 'GET' || operation.method === 'DELETE') {
    return { path: url, headers: {} };
  }
  const fields = operation.bodyFields.length > 0 ? operation.bodyFields : ['image', 'name', 'email'];
  const style = random.pick([
    'json',
    'json',
    'json',
    'brokenJson',
    'multipart',
    'urlencoded',
    'wrongType',
    'none',
  ]);
  if (style === 'json') {
    const body: Record<string, unknown> = {};
    for (const field of fields) if (random.next() < 0.8) body[field] = anyValue(random);
    const top = random.next();
    const payload = top < 0.08 ? [body] : top < 0.12 ? null : top < 0.16 ? random.pick(STRINGS) : body;
    return { path: url, headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) };
  }
  if (style === 'brokenJson')
    return {
      path: url,
      headers: { 'content-type': 'application/json' },
      body: random.pick([
        '{',
        '{"a":',
        '[1,2',
        'nul',
        '{"a":"\\u0000"}',
        '\u0000',
        `{"a":"${'x'.repeat(2_000_000)}"}`,
      ]),
    };
  if (style === 'multipart') {
    const { contentType, body } = multipartBody(random, fields);
    return { path: url, headers: { 'content-type': contentType }, body };
  }
  if (style === 'urlencoded') {
    const form = new URLSearchParams();
    for (const field of fields) form.append(field, String(anyValue(random)).slice(0, 5_000));
    return {
      path: url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    };
  }
  if (style === 'wrongType')
    return {
      path: url,
      headers: {
        'content-type': random.pick([
          'application/xml',
          'text/plain',
          'application/octet-stream',
          'image/png',
          'multipart/mixed',
          'application/json; charset=utf-16',
          ';;;',
        ]),
      },
      body: random.pick(['<a>1</a>', 'plain', '\u0000\u0001', 'x'.repeat(1_100_000)]),
    };
  return { path: url, headers: {} };
}

describe.each(backends)('fuzzing every route of the OpenAPI document on %s', (backend) => {
  let harness: TestApp;
  let operations: Operation[];
  let userId: number;
  beforeAll(async () => {
    harness = await startTestApp(backend);
    userId = (await createTestUser(harness.database.db)).id;
    const document = await harness.client().get('/api/openapi.json');
    operations = operationsOf(document.body);
  });
  afterAll(async () => {
    await harness.close();
  });

  it('reads the routes, path parameters included, from the document', () => {
    expect(operations.length).toBeGreaterThan(15);
    expect(operations).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/api/tickets/{id}', pathParams: ['id'] }),
    );
    expect(operations).toContainEqual(
      expect.objectContaining({ method: 'GET', path: '/api/concerts/search', queryParams: ['query'] }),
    );
  });

  it('answers no request with a 5xx, as a visitor and signed in', { timeout: 120_000 }, async () => {
    const random = generator(SEED);
    const failures: string[] = [];
    let sent = 0;
    for (const operation of operations) {
      // A fresh session per operation: a fuzzed logout or e-mail change must not leak into the next one.
      const identities: [string, TestClient][] = [
        ['visitor', harness.client()],
        ['signed in', await signedInClient(harness, userId)],
      ];
      for (const [who, client] of identities) {
        for (let index = 0; index < REQUESTS_PER_OPERATION; index++) {
          const request = shape(random, operation);
          const response = await client.request(operation.method, request.path, {
            headers: request.headers,
            body: request.body,
          });
          sent += 1;
          if (response.status >= 500)
            failures.push(
              `${who} ${operation.method} ${request.path.slice(0, 120)} [${request.headers['content-type'] ?? ''}] → ${response.status} ${response.text.slice(0, 200)}`,
            );
        }
      }
    }
    expect(sent).toBe(operations.length * 2 * REQUESTS_PER_OPERATION);
    expect(failures).toEqual([]);
  });

  it('answers the pages outside the document (robots, sitemaps, previews, event pages) with no 5xx', async () => {
    const failures: string[] = [];
    const values = [
      ...STRINGS,
      '1',
      '0',
      'events-1.xml',
      'events-0.xml',
      'events-99999999999.xml',
      'pages.xml',
    ];
    const paths = [
      '/robots.txt',
      '/sitemap.xml',
      ...values.flatMap((value) => {
        // A lone surrogate has no UTF-8: sent as the bytes a broken client would send.
        const segment = value.includes('\ud800') ? '%ED%A0%80' : encodeURIComponent(value.slice(0, 4_000));
        return [`/sitemaps/${segment}`, `/events/${segment}/preview.png`, `/events/${segment}`];
      }),
    ];
    const headerSets: Record<string, string>[] = [
      {},
      { 'if-none-match': '"x", *', 'accept-encoding': 'br;q=2, gzip' },
    ];
    for (const path of paths)
      for (const headers of headerSets) {
        const response = await harness.client().request('GET', path, { headers });
        if (response.status >= 500) failures.push(`GET ${path.slice(0, 120)} → ${response.status}`);
      }
    expect(failures).toEqual([]);
    expect((await harness.client().get('/robots.txt')).status).toBe(200);
    expect((await harness.client().get('/events/1/preview.png')).status).toBe(404);
  });
});
