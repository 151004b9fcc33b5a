import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock.js';
import { SharedAnswers } from './shared-answers.js';

function counted(answer: (call: number) => Promise<string>) {
  let calls = 0;
  const compute = () => answer(++calls);
  return { compute, calls: () => calls };
}

describe('SharedAnswers', () => {
  it('runs one computation for identical requests that arrive together', async () => {
    const answers = new SharedAnswers<string>({ ttlMs: 5_000, maxEntries: 10, clock: new ManualClock() });
    let release: (value: string) => void = () => {};
    const slow = counted(() => new Promise((resolve) => (release = resolve)));
    const waiting = Array.from({ length: 50 }, () => answers.get('neon', slow.compute));
    release('result');
    expect(await Promise.all(waiting)).toEqual(Array(50).fill('result'));
    expect(slow.calls()).toBe(1);
  });

  it('reuses an answer until its time is up, then computes it again', async () => {
    const clock = new ManualClock();
    const answers = new SharedAnswers<string>({ ttlMs: 5_000, maxEntries: 10, clock });
    const source = counted(async (call) => `answer ${call}`);
    expect(await answers.get('neon', source.compute)).toBe('answer 1');
    clock.advance(4_999);
    expect(await answers.get('neon', source.compute)).toBe('answer 1');
    clock.advance(1);
    expect(await answers.get('neon', source.compute)).toBe('answer 2');
    expect(await answers.get('velvet', source.compute)).toBe('answer 3');
  });

  it('never keeps a failure: the next caller computes again', async () => {
    const answers = new SharedAnswers<string>({ ttlMs: 5_000, maxEntries: 10, clock: new ManualClock() });
    const flaky = counted(async (call) => {
      if (call === 1) throw new Error('statement timeout');
      return 'recovered';
    });
    await expect(answers.get('neon', flaky.compute)).rejects.toThrow('statement timeout');
    expect(answers.size).toBe(0);
    expect(await answers.get('neon', flaky.compute)).toBe('recovered');
  });

  it('keeps at most maxEntries keys, dropping the least recently used', async () => {
    const answers = new SharedAnswers<string>({ ttlMs: 5_000, maxEntries: 2, clock: new ManualClock() });
    const source = counted(async (call) => `answer ${call}`);
    await answers.get('a', source.compute);
    await answers.get('b', source.compute);
    await answers.get('a', source.compute);
    await answers.get('c', source.compute);
    expect(answers.size).toBe(2);
    expect(await answers.get('a', source.compute)).toBe('answer 1');
    expect(await answers.get('b', source.compute)).toBe('answer 4');
  });
});
