import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DateOrder } from './date-order.js';

const DATES = ['2030-01-01', '2030-01-02', '2030-02-10', '2030-03-05', '2030-04-01'];

describe('date order of the concert index', () => {
  it('holds its slots by date and event id through inserts in any order, removals and sweeps', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.array(
          fc.oneof(
            fc.record({ add: fc.constantFrom(...DATES), eventId: fc.nat(60) }),
            fc.record({ removeAt: fc.nat(80) }),
            fc.record({ sweep: fc.constantFrom(...DATES) }),
          ),
          { maxLength: 80 },
        ),
        fc.constantFrom(...DATES),
        (chunkSlots, steps, from) => {
          const dates: string[] = [];
          const eventIds: number[] = [];
          const order = new DateOrder(dates, eventIds, chunkSlots);
          const held = new Set<number>();
          for (const step of steps) {
            if ('add' in step) {
              if (eventIds.includes(step.eventId)) continue;
              const slot = dates.length;
              dates.push(step.add);
              eventIds.push(step.eventId);
              order.insert(slot);
              held.add(slot);
            } else if ('removeAt' in step) {
              const slot = [...held][step.removeAt % Math.max(1, held.size)];
              if (slot === undefined) continue;
              order.remove(slot);
              held.delete(slot);
            } else {
              const swept = order.removeBefore(step.sweep);
              const due = [...held].filter((slot) => (dates[slot] as string) < step.sweep);
              expect(swept.sort()).toEqual(due.sort());
              for (const slot of due) held.delete(slot);
            }
          }
          const inOrder = [...held].sort(
            (a, b) =>
              (dates[a] as string).localeCompare(dates[b] as string) ||
              (eventIds[a] as number) - (eventIds[b] as number),
          );
          expect(order.slots()).toEqual(inOrder);
          expect(order.size).toBe(held.size);
          const visited: number[] = [];
          order.forEachFrom(from, (slot) => {
            visited.push(slot);
            return visited.length < 5;
          });
          expect(visited).toEqual(inOrder.filter((slot) => (dates[slot] as string) >= from).slice(0, 5));
        },
      ),
      { numRuns: 500 },
    );
  });
});
