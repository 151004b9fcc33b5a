import { scaleLinear } from 'd3-scale';
import { curveStep, line } from 'd3-shape';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linearScale, linePath, niceDomain, type Point, stepPath } from './chart-geometry';

/** Prices as the chart sees them: dollars with cents, from a cent to well past the price alerts' ceiling. */
const price = fc.integer({ min: 1, max: 50_000_000 }).map((cents) => cents / 100);
const range = fc.tuple(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 400 }));

describe('the price story chart geometry, against d3', () => {
  it('makes the same nice domain, ticks and positions as scaleLinear().nice(count)', () => {
    fc.assert(
      fc.property(
        fc.array(price, { minLength: 1, maxLength: 60 }),
        range,
        fc.integer({ min: 1, max: 10 }),
        (values, [r0, r1], count) => {
          const max = Math.max(1, ...values);
          const d3 = scaleLinear().domain([0, max]).nice(count).range([r0, r1]);
          const domain = niceDomain(0, max, count);
          expect(domain).toEqual(d3.domain());
          const ours = linearScale(domain, [r0, r1]);
          expect(ours.ticks(count)).toEqual(d3.ticks(count));
          for (const value of [0, max, ...values, ...d3.ticks(count)]) expect(ours(value)).toBe(d3(value));
        },
      ),
    );
  });

  it('maps an index or a day as scaleLinear() does, an empty span to the middle', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e13, max: 1e13, noNaN: true }),
        fc.double({ min: 0, max: 1e10, noNaN: true }),
        range,
        (start, width, [r0, r1]) => {
          const d3 = scaleLinear()
            .domain([start, start + width])
            .range([r0, r1]);
          const ours = linearScale([start, start + width], [r0, r1]);
          for (const value of [start, start + width / 3, start + width]) expect(ours(value)).toBe(d3(value));
        },
      ),
    );
  });

  it('draws the same line and step line paths as line() and curveStep', () => {
    const point = fc.tuple(
      fc.double({ min: 0, max: 400, noNaN: true }),
      fc.double({ min: 0, max: 400, noNaN: true }),
    );
    fc.assert(
      fc.property(fc.array(point, { maxLength: 40 }), (points: Point[]) => {
        const straight = line<Point>()
          .x((p) => p[0])
          .y((p) => p[1]);
        expect(linePath(points)).toBe(straight(points) ?? '');
        expect(stepPath(points)).toBe(straight.curve(curveStep)(points) ?? '');
      }),
    );
  });
});
