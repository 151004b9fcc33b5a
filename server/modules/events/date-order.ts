import { firstWhere } from './text-groups.js';

/** Slots a chunk holds before a load starts the next one; a chunk that grows to twice this splits. */
export const CHUNK_SLOTS = 512;

/**
 * The concert index's slots in (date, event id) order (decision 0069), as consecutive chunks of sorted
 * slots: a document added or moved later takes its place in one chunk (a binary search and a short
 * splice), so a search walks every document in date order and nothing is ever rebuilt to fold later
 * documents in. The slots' dates and event ids are read from the index's own arrays, which must still
 * describe a slot when it is removed.
 */
export class DateOrder {
  private chunks: number[][] = [];
  private count = 0;

  constructor(
    private readonly dates: readonly string[],
    private readonly eventIds: readonly number[],
    private readonly chunkSlots = CHUNK_SLOTS,
  ) {}

  get size(): number {
    return this.count;
  }

  insert(slot: number): void {
    this.count += 1;
    const last = this.chunks.at(-1);
    if (!last) {
      this.chunks.push([slot]);
      return;
    }
    const at = this.chunkHolding(slot);
    const chunk = this.chunks[at] as number[];
    const position = firstWhere(chunk.length, (index) => this.before(chunk[index] as number, slot));
    if (chunk === last && position === chunk.length && chunk.length >= this.chunkSlots) {
      // A load adds in order: it fills one chunk after another.
      this.chunks.push([slot]);
      return;
    }
    chunk.splice(position, 0, slot);
    if (chunk.length >= 2 * this.chunkSlots)
      this.chunks.splice(at, 1, chunk.slice(0, this.chunkSlots), chunk.slice(this.chunkSlots));
  }

  remove(slot: number): void {
    if (this.chunks.length === 0) return;
    const at = this.chunkHolding(slot);
    const chunk = this.chunks[at] as number[];
    const position = firstWhere(chunk.length, (index) => this.before(chunk[index] as number, slot));
    if (chunk[position] !== slot) return;
    this.count -= 1;
    chunk.splice(position, 1);
    if (chunk.length === 0) this.chunks.splice(at, 1);
  }

  /** Takes out every slot dated before `date`, returning them. */
  removeBefore(date: string): number[] {
    const whole = firstWhere(
      this.chunks.length,
      (at) => this.dateOf((this.chunks[at] as number[]).at(-1)) < date,
    );
    const removed = this.chunks.splice(0, whole).flat();
    const first = this.chunks[0];
    if (first) {
      const end = firstWhere(first.length, (index) => this.dateOf(first[index]) < date);
      removed.push(...first.splice(0, end));
      if (first.length === 0) this.chunks.shift();
    }
    this.count -= removed.length;
    return removed;
  }

  /** Calls `visit` with each slot dated `date` or later, in order, while it answers true. */
  forEachFrom(date: string, visit: (slot: number) => boolean): void {
    let at = firstWhere(
      this.chunks.length,
      (index) => this.dateOf((this.chunks[index] as number[]).at(-1)) < date,
    );
    if (at === this.chunks.length) return;
    const first = this.chunks[at] as number[];
    let position = firstWhere(first.length, (index) => this.dateOf(first[index]) < date);
    for (; at < this.chunks.length; at += 1, position = 0) {
      const chunk = this.chunks[at] as number[];
      for (; position < chunk.length; position += 1) if (!visit(chunk[position] as number)) return;
    }
  }

  /** Every slot, in order. */
  slots(): number[] {
    return this.chunks.flat();
  }

  private dateOf(slot: number | undefined): string {
    return this.dates[slot as number] as string;
  }

  /** Whether slot `a` comes before slot `b`: by date, then event id. */
  private before(a: number, b: number): boolean {
    const dateA = this.dates[a] as string;
    const dateB = this.dates[b] as string;
    if (dateA !== dateB) return dateA < dateB;
    return (this.eventIds[a] as number) < (this.eventIds[b] as number);
  }

  /** The chunk a slot is in or belongs in: the last whose first slot does not come after it. */
  private chunkHolding(slot: number): number {
    const after = firstWhere(
      this.chunks.length,
      (at) => !this.before(slot, (this.chunks[at] as number[])[0] as number),
    );
    return Math.max(0, after - 1);
  }
}
