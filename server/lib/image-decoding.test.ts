import { describe, expect, it } from 'vitest';
import { IMAGE_WORK_TEXT } from '../../common/messages.js';
import { DecodingLimiter } from './image-decoding.js';

/** A piece of work that runs until `finish` is called, noting when it started. */
function job(started: string[], name: string) {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    finish,
    work: async () => {
      started.push(name);
      await done;
      return name;
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('DecodingLimiter', () => {
  it('decodes at most the instance’s number at once, one per user, and starts the waiting in order', async () => {
    const limiter = new DecodingLimiter(2, 8);
    const started: string[] = [];
    const a1 = job(started, 'a1');
    const a2 = job(started, 'a2');
    const b1 = job(started, 'b1');
    const c1 = job(started, 'c1');
    const runs = [
      limiter.run(1, a1.work),
      limiter.run(1, a2.work),
      limiter.run(2, b1.work),
      limiter.run(3, c1.work),
    ];
    await settle();
    // User 1's second image waits although a place is free: user 2 takes it.
    expect(started).toEqual(['a1', 'b1']);
    a1.finish();
    await settle();
    // a2 waited longer than c1, and its user has nothing decoding any more.
    expect(started).toEqual(['a1', 'b1', 'a2']);
    b1.finish();
    await settle();
    expect(started).toEqual(['a1', 'b1', 'a2', 'c1']);
    a2.finish();
    c1.finish();
    await expect(Promise.all(runs)).resolves.toEqual(['a1', 'a2', 'b1', 'c1']);
  });

  it('refuses work beyond the waiting room with 429, and frees a place when work fails', async () => {
    const limiter = new DecodingLimiter(1, 1);
    const started: string[] = [];
    const first = job(started, 'first');
    const running = limiter.run(1, first.work);
    const waiting = limiter.run(2, async () => 'second');
    await expect(limiter.run(3, async () => 'third')).rejects.toMatchObject({
      statusCode: 429,
      message: IMAGE_WORK_TEXT.instanceBusy,
    });
    first.finish();
    await running;
    await expect(waiting).resolves.toBe('second');
    await expect(limiter.run(4, () => Promise.reject(new Error('bad image')))).rejects.toThrow('bad image');
    await expect(limiter.run(4, async () => 'fine')).resolves.toBe('fine');
  });
});
