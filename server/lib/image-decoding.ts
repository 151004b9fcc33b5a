import sharp from 'sharp';
import { IMAGE_WORK_TEXT } from '../../common/messages.js';
import { TooManyRequests } from '../errors.js';

/**
 * Bounds the memory and CPU that decoding uploaded images may take on one instance (decision 0032): at
 * most `perInstance` images decode at once and `maxWaiting` more wait their turn; one user has at most one
 * image in decoding or waiting. Beyond that the upload is answered 429 at once, before any decoding.
 */
export class DecodingLimiter {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly users = new Set<number>();

  constructor(
    private readonly perInstance: number,
    private readonly maxWaiting: number,
  ) {}

  async run<T>(userId: number, work: () => Promise<T>): Promise<T> {
    if (this.users.has(userId)) throw new TooManyRequests(IMAGE_WORK_TEXT.userBusy);
    if (this.running >= this.perInstance && this.waiting.length >= this.maxWaiting)
      throw new TooManyRequests(IMAGE_WORK_TEXT.instanceBusy);
    this.users.add(userId);
    try {
      await this.turn();
      try {
        return await work();
      } finally {
        this.running -= 1;
        this.waiting.shift()?.();
      }
    } finally {
      this.users.delete(userId);
    }
  }

  private turn(): Promise<void> {
    if (this.running < this.perInstance) {
      this.running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) =>
      this.waiting.push(() => {
        this.running += 1;
        resolve();
      }),
    );
  }
}

/** Two images at once (the machines have two cores), eight waiting. */
export const IMAGE_DECODING_PER_INSTANCE = 2;
export const IMAGE_DECODING_MAX_WAITING = 8;

// One libvips thread per image and no operation cache: the limiter above decides the parallelism, and a
// cache would keep decoded pixels of uploads nobody asks for again.
sharp.concurrency(1);
sharp.cache(false);

/** The instance's one limiter, shared by barcode and listing-image uploads. */
export const imageDecoding = new DecodingLimiter(IMAGE_DECODING_PER_INSTANCE, IMAGE_DECODING_MAX_WAITING);
