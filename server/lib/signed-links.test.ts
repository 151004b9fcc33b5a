import { describe, expect, it } from 'vitest';
import { idOfSignedToken, signedIdToken } from './signed-links.js';

const SECRET = 'a-test-secret-of-enough-length-0123456789';

describe('signed links', () => {
  it('names its own id for its own purpose only', () => {
    const token = signedIdToken(SECRET, 'unsubscribe', 42);
    expect(idOfSignedToken(SECRET, 'unsubscribe', token)).toBe(42);
    expect(idOfSignedToken(SECRET, 'data-export:7', token)).toBeNull();
    expect(idOfSignedToken('another-secret-of-enough-length-0123456', 'unsubscribe', token)).toBeNull();
    expect(idOfSignedToken(SECRET, 'unsubscribe', token.replace(/^42\./, '43.'))).toBeNull();
    expect(idOfSignedToken(SECRET, 'unsubscribe', `${token}A`)).toBeNull();
    expect(idOfSignedToken(SECRET, 'unsubscribe', 'nonsense')).toBeNull();
  });

  it('refuses another spelling of the same signature (its last character’s two spare bits changed)', () => {
    const token = signedIdToken(SECRET, 'unsubscribe', 42);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(token.at(-1) as string);
    // The last of 43 characters holds 4 bits of the signature and 2 spare bits: flip a spare one.
    const respelled = token.slice(0, -1) + alphabet[last ^ 1];
    expect(Buffer.from(respelled.split('.')[1] as string, 'base64url')).toEqual(
      Buffer.from(token.split('.')[1] as string, 'base64url'),
    );
    expect(idOfSignedToken(SECRET, 'unsubscribe', respelled)).toBeNull();
  });
});
