import { describe, expect, it } from 'vitest';
import { usernameSkeleton } from './username-skeleton.js';

describe('username skeleton (TR39)', () => {
  it.each([
    ['maya', 'm\u0430ya'],
    ['maya', 'm\u03b1ya'],
    ['maya', 'ma\u00a0ya'],
    ['maya', 'may\u00e1'],
    ['maya', 'maya\u0301'],
    ['maya', 'MAYA'],
    ['maya', 'ｍａｙａ'],
    ['maya', 'ma\u200bya'],
    ['maya', 'm a y a'],
    ['jordan', 'jordan\u0660'],
    ['jordan', 'j\u043erdan'],
    ['paypal', 'PayPaI'],
    ['bill', 'biII'],
    ['mary', 'rnary'],
    ['admin', '\u0430dm\u0456n'],
    ['scott', '\u0455\u0441\u043ett'],
  ])('%j and %j share a skeleton', (existing, lookalike) => {
    expect(usernameSkeleton(lookalike)).toBe(usernameSkeleton(existing));
  });

  it.each([
    ['maya', 'mayb'],
    ['maya', 'mayan'],
    ['jordan', 'jordan2'],
    ['anna', 'hanna'],
    ['\u0645\u0627\u064a\u0627', 'maya'],
  ])('%j and %j stay apart', (one, other) => {
    expect(usernameSkeleton(one)).not.toBe(usernameSkeleton(other));
  });

  it('is stable: the skeleton of a skeleton is itself', () => {
    for (const name of ['m\u0430ya', 'PayPaI', 'jordan\u0660', 'Ĳssel', 'ǅemal'])
      expect(usernameSkeleton(usernameSkeleton(name))).toBe(usernameSkeleton(name));
  });

  it('answers in linear time on long and hostile input', () => {
    const started = performance.now();
    usernameSkeleton('\u0430\u0301\u200b'.repeat(100_000));
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
