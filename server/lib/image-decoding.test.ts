import { describe, expect, it } from 'vitest';
import { IMAGE_WORK_TEXT } from '../../common/messages.js';
import { DecodingLimiter } from './image-decoding.js';

/** A piece of work that runs until `finish` is called. */
function gate() {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { done, finish };
}

describe('DecodingLimiter', () => {
  it('runs at most the instance’s number at once and starts the waiting ones in order', async () => {
    const limiter = new DecodingLimiter(2, 8);
    const gates = [gate(), gate(), gate()];
    const started: number[] = [];
    const runs = gates.map((g, index) =>
      limiter.run(index + 1, async () => {
        started.push(index);
        await g.done;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    gates[1]?.finish();
    await runs[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    gates[0]?.finish();
    gates[2]?.finish();
    await Promise.all(runs);
  });

  it('refuses a user’s second image while the first is decoding or waiting, and accepts it afterwards', async () => {
    const limiter = new DecodingLimiter(1, 8);
    const first = gate();
    const running = limiter.run(7, () => first.done);
    await expect(limiter.run(7, async () => 'again')).rejects.toMatchObject({
      statusCode: 429,
      message: IMAGE_WORK_TEXT.userBusy,
    });
    first.finish();
    await running;
    await expect(limiter.run(7, async () => 'again')).resolves.toBe('again');
  });

  it('refuses work beyond the waiting room, and frees a place when work fails', async () => {
    const limiter = new DecodingLimiter(1, 1);
    const first = gate();
    const running = limiter.run(1, () => first.done);
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
