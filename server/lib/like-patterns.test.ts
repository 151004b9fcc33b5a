import { describe, expect, it } from 'vitest';
import { escapeLike } from './like-patterns.js';

describe('escapeLike', () => {
  it('escapes LIKE wildcards and the escape character so they match literally', () => {
    expect(escapeLike('100%_a\\b')).toBe('100\\%\\_a\\\\b');
    expect(escapeLike('plain text')).toBe('plain text');
  });
});
