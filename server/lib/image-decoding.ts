import sharp from 'sharp';
import { IMAGE_WORK_TEXT } from '../../common/messages.js';
import { TooManyRequests } from '../errors.js';

interface Waiting {
  userId: number;
  start(): void;
}

/**
 * Bounds the memory and CPU that decoding uploaded images may take on one instance (decision 0032): at
 * most `perInstance` images decode at once, and one user's images one at a time (the others wait their
 * turn, so a user cannot take both places); at most `maxWaiting` wait on the instance. Beyond that an upload
 * is answered 429 at once, before anything is decoded.
 */
export class DecodingLimiter {
  private readonly decoding = new Set<number>();
  private readonly waiting: Waiting[] = [];

  constructor(
    private readonly perInstance: number,
    private readonly maxWaiting: number,
  ) {}

  async run<T>(userId: number, work: () => Promise<T>): Promise<T> {
    await this.turn(userId);
    try {
      return await work();
    } finally {
      this.decoding.delete(userId);
      this.startNext();
    }
  }

  private mayStart(userId: number): boolean {
    return this.decoding.size < this.perInstance && !this.decoding.has(userId);
  }

  private turn(userId: number): Promise<void> {
    if (this.mayStart(userId) && !this.waiting.some((entry) => entry.userId === userId)) {
      this.decoding.add(userId);
      return Promise.resolve();
    }
    if (this.waiting.length >= this.maxWaiting) throw new TooManyRequests(IMAGE_WORK_TEXT.instanceBusy);
    return new Promise((resolve) => this.waiting.push({ userId, start: resolve }));
  }

  /** The longest-waiting upload whose user has no image decoding. */
  private startNext(): void {
    const index = this.waiting.findIndex((entry) => this.mayStart(entry.userId));
    if (index < 0) return;
    const [next] = this.waiting.splice(index, 1);
    if (!next) return;
    this.decoding.add(next.userId);
    next.start();
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
