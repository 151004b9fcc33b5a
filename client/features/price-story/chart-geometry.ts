/**
 * The geometry of the price story's charts (decision 0061): a linear scale with d3's "nice" domain and
 * ticks, and the SVG paths of a line and of a step line. It is d3-scale's `scaleLinear` and d3-shape's
 * `line` and `curveStep` as the charts used them, written out (decision 0082): the libraries were 10 KB
 * of the event page's first load for these few functions. `chart-geometry.test.ts` checks every output
 * against d3's own.
 */

export type Point = readonly [x: number, y: number];

export interface LinearScale {
  (value: number): number;
  /** The domain's round values, about `count` of them (d3's `scale.ticks`). */
  ticks(count: number): number[];
}

const E10 = Math.sqrt(50);
const E5 = Math.sqrt(10);
const E2 = Math.sqrt(2);

/** d3-array's tickSpec: the first and last tick's index and the increment (negative: 1 / its inverse). */
function tickSpec(start: number, stop: number, count: number): [number, number, number] {
  const step = (stop - start) / Math.max(0, count);
  const power = Math.floor(Math.log10(step));
  const error = step / 10 ** power;
  const factor = error >= E10 ? 10 : error >= E5 ? 5 : error >= E2 ? 2 : 1;
  let i1: number;
  let i2: number;
  let inc: number;
  if (power < 0) {
    inc = 10 ** -power / factor;
    i1 = Math.round(start * inc);
    i2 = Math.round(stop * inc);
    if (i1 / inc < start) ++i1;
    if (i2 / inc > stop) --i2;
    inc = -inc;
  } else {
    inc = 10 ** power * factor;
    i1 = Math.round(start / inc);
    i2 = Math.round(stop / inc);
    if (i1 * inc < start) ++i1;
    if (i2 * inc > stop) --i2;
  }
  if (i2 < i1 && 0.5 <= count && count < 2) return tickSpec(start, stop, count * 2);
  return [i1, i2, inc];
}

/** d3-array's `ticks` for an ascending domain. */
export function ticks(start: number, stop: number, count: number): number[] {
  if (!(count > 0)) return [];
  if (start === stop) return [start];
  const [i1, i2, inc] = tickSpec(start, stop, count);
  if (!(i2 >= i1)) return [];
  return Array.from({ length: i2 - i1 + 1 }, (_, i) => (inc < 0 ? (i1 + i) / -inc : (i1 + i) * inc));
}

/** d3-scale's `nice(count)`: the domain widened to round values. */
export function niceDomain(start: number, stop: number, count: number): [number, number] {
  let prestep: number | undefined;
  for (let iteration = 0; iteration < 10; iteration++) {
    const step = tickSpec(start, stop, count)[2];
    if (step === prestep) return [start, stop];
    if (step > 0) {
      start = Math.floor(start / step) * step;
      stop = Math.ceil(stop / step) * step;
    } else if (step < 0) {
      start = Math.ceil(start * step) / step;
      stop = Math.floor(stop * step) / step;
    } else break;
    prestep = step;
  }
  return [start, stop];
}

/** A linear map of the ascending domain [d0, d1] onto [r0, r1], as d3 computes it. */
export function linearScale(
  [d0, d1]: readonly [number, number],
  [r0, r1]: readonly [number, number],
): LinearScale {
  const span = d1 - d0;
  const scale = (value: number) => {
    const t = span ? (value - d0) / span : 0.5;
    return r0 * (1 - t) + r1 * t;
  };
  scale.ticks = (count: number) => ticks(d0, d1, count);
  return scale;
}

/** A coordinate as d3-path writes it: at most three decimals. */
const coordinate = (value: number) => Math.round(value * 1000) / 1000;
const moveTo = (x: number, y: number) => `M${coordinate(x)},${coordinate(y)}`;
const lineTo = (x: number, y: number) => `L${coordinate(x)},${coordinate(y)}`;

/** The path through the points, straight from one to the next (d3's `line()`); one point closes on itself. */
export function linePath(points: readonly Point[]): string {
  if (points.length === 0) return '';
  const [[x0, y0] = [0, 0], ...rest] = points;
  return moveTo(x0, y0) + (rest.length === 0 ? 'Z' : rest.map(([x, y]) => lineTo(x, y)).join(''));
}

/** The step line through the points, each step halfway between two points (d3's `curveStep`). */
export function stepPath(points: readonly Point[]): string {
  if (points.length === 0) return '';
  const [[x0, y0] = [0, 0], ...rest] = points;
  if (rest.length === 0) return `${moveTo(x0, y0)}Z`;
  let path = moveTo(x0, y0);
  let [previousX, previousY] = [x0, y0];
  for (const [x, y] of rest) {
    const middle = previousX * 0.5 + x * 0.5;
    path += lineTo(middle, previousY) + lineTo(middle, y);
    [previousX, previousY] = [x, y];
  }
  return path + lineTo(previousX, previousY);
}
