import https from 'node:https';
import { PassThrough, Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CloudinaryImageStore, parseCloudinaryUrl } from './cloudinary-store.js';

/**
 * The SDK is exercised for real; only its HTTPS request is intercepted and answered with responses
 * recorded from Cloudinary's Upload API (ids and signatures replaced by test values).
 */
const CLOUD = { cloudName: 'encore-demo', apiKey: '614335564976464', apiSecret: 'test-secret-not-real' };
const PUBLIC_ID_PATTERN = /^encore\/tickets\/u7\/[a-f0-9]{24}$/;

function recordedUploadResponse(publicId: string) {
  return {
    asset_id: '3515c6000a548515f1134043f9785c2f',
    public_id: publicId,
    version: 1763632530,
    version_id: '7d2cc533bee9ff39f7da7414b61fce7e',
    signature: 'd0b1009e3271a942836c25756ce3e04d205bf754',
    width: 120,
    height: 60,
    format: 'png',
    resource_type: 'image',
    created_at: '2026-11-20T10:15:30Z',
    tags: [],
    bytes: 1187,
    type: 'upload',
    etag: '0b40f2b3b7c9e7a6e4b0e1f2c3d4e5f6',
    placeholder: false,
    url: `http://res.cloudinary.com/encore-demo/image/upload/v1763632530/${publicId}.png`,
    secure_url: `https://res.cloudinary.com/encore-demo/image/upload/v1763632530/${publicId}.png`,
    asset_folder: '',
    display_name: publicId.split('/').pop(),
    original_filename: 'file',
    api_key: CLOUD.apiKey,
  };
}

interface Captured {
  hostname: string;
  path: string;
  method: string;
  body: string;
}

/** Replaces https.request with a fake that records what the SDK sends and answers with `respond`. */
function interceptCloudinary(respond: (request: Captured) => { status: number; body: unknown }) {
  const captured: Captured[] = [];
  const spy = vi.spyOn(https, 'request');
  requestSpy = spy;
  spy.mockImplementation(((
    options: { hostname: string; path: string; method: string },
    callback: (response: PassThrough & { statusCode: number; headers: object }) => void,
  ) => {
    const chunks: Buffer[] = [];
    const request = new Writable({
      write(chunk, _encoding, next) {
        chunks.push(Buffer.from(chunk));
        next();
      },
    });
    request.on('finish', () => {
      const seen = { ...options, body: Buffer.concat(chunks).toString('latin1') };
      captured.push(seen);
      const answer = respond(seen);
      const response = Object.assign(new PassThrough(), {
        statusCode: answer.status,
        headers: { 'content-type': 'application/json; charset=utf-8' },
      });
      callback(response);
      response.end(JSON.stringify(answer.body));
    });
    return Object.assign(request, { setTimeout: () => request, abort: () => undefined });
  }) as unknown as typeof https.request);
  return captured;
}

/** A multipart field the SDK sent. */
function field(body: string, name: string): string | undefined {
  return new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)\\r\\n`).exec(body)?.[1];
}

let requestSpy: { mockRestore(): void } | null = null;
afterEach(() => {
  requestSpy?.mockRestore();
  requestSpy = null;
});

describe('parseCloudinaryUrl', () => {
  it('reads key, secret and cloud name', () => {
    expect(parseCloudinaryUrl('cloudinary://614335564976464:abc%2Fdef@encore-demo')).toEqual({
      cloudName: 'encore-demo',
      apiKey: '614335564976464',
      apiSecret: 'abc/def',
    });
    expect(() => parseCloudinaryUrl('https://example.com')).toThrow(/CLOUDINARY_URL/);
  });
});

describe('CloudinaryImageStore', () => {
  it('uploads through the SDK with a signed request and returns the recorded secure URL', async () => {
    const captured = interceptCloudinary((request) => ({
      status: 200,
      body: recordedUploadResponse(field(request.body, 'public_id') ?? ''),
    }));
    const store = new CloudinaryImageStore(CLOUD);
    const bytes = Buffer.from('89504e470d0a1a0a-pretend-png-bytes');

    const saved = await store.save(bytes, 'image/png', 7);

    expect(captured).toHaveLength(1);
    const [request] = captured;
    expect(request).toMatchObject({
      hostname: 'api.cloudinary.com',
      method: 'POST',
      path: '/v1_1/encore-demo/image/upload',
    });
    expect(field(request?.body ?? '', 'api_key')).toBe(CLOUD.apiKey);
    expect(field(request?.body ?? '', 'signature')).toMatch(/^[a-f0-9]{40}$/);
    // The SDK sends upload booleans as 0 and 1.
    expect(field(request?.body ?? '', 'overwrite')).toBe('0');
    expect(request?.body).toContain('89504e470d0a1a0a-pretend-png-bytes');
    // The secret itself never leaves the server.
    expect(request?.body).not.toContain(CLOUD.apiSecret);
    expect(saved.publicId).toMatch(PUBLIC_ID_PATTERN);
    expect(saved.url).toBe(
      `https://res.cloudinary.com/encore-demo/image/upload/v1763632530/${saved.publicId}.png`,
    );
    expect(await store.isOwnedBy(saved, 7)).toBe(true);
  });

  it('turns a recorded Cloudinary error into a failure', async () => {
    interceptCloudinary(() => ({
      status: 401,
      body: { error: { message: 'Invalid Signature 3f5e. String to sign - ...' } },
    }));
    const store = new CloudinaryImageStore(CLOUD);
    await expect(store.save(Buffer.from('x'), 'image/png', 7)).rejects.toThrow(/Invalid Signature/);
  });

  it('destroys by public id, treating "not found" as already gone', async () => {
    const captured = interceptCloudinary((request) => ({
      status: 200,
      body: { result: field(request.body, 'public_id')?.endsWith('gone') ? 'not found' : 'ok' },
    }));
    const store = new CloudinaryImageStore(CLOUD);
    await store.delete('encore/tickets/u7/0123456789abcdef01234567');
    await store.delete('encore/tickets/u7/gone');
    expect(captured.map((request) => request.path)).toEqual([
      '/v1_1/encore-demo/image/destroy',
      '/v1_1/encore-demo/image/destroy',
    ]);
    expect(field(captured[0]?.body ?? '', 'public_id')).toBe('encore/tickets/u7/0123456789abcdef01234567');
    expect(field(captured[0]?.body ?? '', 'invalidate')).toBe('true');
    expect(field(captured[0]?.body ?? '', 'signature')).toMatch(/^[a-f0-9]{40}$/);
  });

  it('fails a destroy Cloudinary refuses', async () => {
    interceptCloudinary(() => ({
      status: 400,
      body: { error: { message: 'Missing required parameter - public_id' } },
    }));
    await expect(new CloudinaryImageStore(CLOUD).delete('x')).rejects.toMatchObject({
      message: 'Missing required parameter - public_id',
    });
  });

  it("recognises only the owner's images on this cloud", async () => {
    const store = new CloudinaryImageStore(CLOUD);
    const publicId = 'encore/tickets/u7/0123456789abcdef01234567';
    const url = `https://res.cloudinary.com/encore-demo/image/upload/v1763632530/${publicId}.jpg`;
    expect(await store.isOwnedBy({ url, publicId }, 7)).toBe(true);
    expect(await store.isOwnedBy({ url, publicId }, 8)).toBe(false);
    expect(await store.isOwnedBy({ url: url.replace('encore-demo', 'other-cloud'), publicId }, 7)).toBe(
      false,
    );
    expect(await store.isOwnedBy({ url: url.replace('https:', 'http:'), publicId }, 7)).toBe(false);
    expect(await store.isOwnedBy({ url: 'not a url', publicId }, 7)).toBe(false);
    expect(
      await store.isOwnedBy({ url, publicId: 'encore/tickets/u7/../u8/0123456789abcdef01234567' }, 7),
    ).toBe(false);
    expect(await store.get(publicId)).toBeNull();
  });
});
