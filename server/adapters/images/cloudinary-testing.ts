import https from 'node:https';
import { PassThrough, Writable } from 'node:stream';
import { onTestFinished, vi } from 'vitest';

/**
 * For tests of the Cloudinary store: the SDK is exercised for real; only its HTTPS request is intercepted
 * and answered with responses in the shape Cloudinary's Upload API gives (ids and signatures are test values).
 */
export const CLOUD = {
  cloudName: 'encore-demo',
  apiKey: '614335564976464',
  apiSecret: 'test-secret-not-real',
};

export function recordedUploadResponse(publicId: string) {
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

export interface Captured {
  hostname: string;
  path: string;
  method: string;
  body: string;
}

/**
 * Replaces https.request, until the current test ends, with a fake that records what the SDK sends and
 * answers with `respond`.
 */
export function interceptCloudinary(respond: (request: Captured) => { status: number; body: unknown }) {
  const captured: Captured[] = [];
  const spy = vi.spyOn(https, 'request');
  onTestFinished(() => spy.mockRestore());
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
export function field(body: string, name: string): string | undefined {
  return new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)\\r\\n`).exec(body)?.[1];
}
