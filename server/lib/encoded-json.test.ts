import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { acceptedEncoding, jsonSerializer } from './encoded-json.js';

describe('acceptedEncoding', () => {
  it('prefers br, then gzip, and refuses what the client sets to q=0', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('BR;q=0.5')).toBe('br');
    expect(acceptedEncoding('*')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding('gzip;q=0, br;q=0.000')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});

describe('jsonSerializer', () => {
  const schema = z.object({ names: z.array(z.string()) });
  const encode = jsonSerializer(schema, { method: 'GET', url: '/test' });

  it('serializes once through the response schema; each compressed copy decodes to the same JSON', () => {
    const answer = encode({ names: Array.from({ length: 200 }, (_, index) => `name ${index}`) });
    const json = answer.body.toString();
    expect(JSON.parse(json).names).toHaveLength(200);
    expect(brotliDecompressSync(answer.copy('br')).toString()).toBe(json);
    expect(gunzipSync(answer.copy('gzip')).toString()).toBe(json);
    expect(answer.copy('br')).toBe(answer.copy('br'));
  });

  it('refuses a value its schema does not allow', () => {
    expect(() => encode({ names: [1] } as never)).toThrow();
  });
});
