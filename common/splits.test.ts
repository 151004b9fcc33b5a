import { describe, expect, it } from 'vitest';
import {
  allowedQuantities,
  joinSeats,
  quantitiesText,
  splitAllows,
  splitSeats,
  startingQuantity,
} from './splits.js';

describe('split rules', () => {
  it('any quantity: every number from 1 to what is left', () => {
    expect(allowedQuantities('any', 4)).toEqual([1, 2, 3, 4]);
  });

  it('no single left: never leaves the seller exactly one ticket', () => {
    expect(allowedQuantities('no_single', 4)).toEqual([1, 2, 4]);
    expect(allowedQuantities('no_single', 3)).toEqual([1, 3]);
    expect(allowedQuantities('no_single', 2)).toEqual([2]);
    expect(allowedQuantities('no_single', 1)).toEqual([1]);
  });

  it('all together: only the whole listing', () => {
    expect(allowedQuantities('all', 4)).toEqual([4]);
    expect(splitAllows('all', 4, 2)).toBe(false);
  });

  it('refuses more than is left, zero and fractions', () => {
    expect(splitAllows('any', 2, 3)).toBe(false);
    expect(splitAllows('any', 2, 0)).toBe(false);
    expect(splitAllows('any', 2, 1.5)).toBe(false);
  });

  it('starts the dialog at the quantity asked for when the rule allows it, else the whole listing', () => {
    expect(startingQuantity('no_single', 4, 2)).toBe(2);
    expect(startingQuantity('no_single', 4, 3)).toBe(4);
    expect(startingQuantity('any', 4, undefined)).toBe(4);
  });
});

describe('splitSeats', () => {
  it('gives the buyer the first seats of a range and the listing the rest', () => {
    expect(splitSeats('1-4', 4, 2)).toEqual({ part: '1, 2', rest: '3, 4' });
    expect(splitSeats('11-16', 6, 3)).toEqual({ part: '11-13', rest: '14-16' });
  });

  it('splits a list of seats', () => {
    expect(splitSeats('7, 9, 11, 13', 4, 1)).toEqual({ part: '7', rest: '9, 11, 13' });
  });

  it('keeps the text when it does not name one seat per ticket', () => {
    expect(splitSeats('GA', 4, 2)).toEqual({ part: 'GA', rest: 'GA' });
    expect(splitSeats('1-3', 4, 2)).toEqual({ part: '1-3', rest: '1-3' });
    expect(splitSeats('Row A, seats 1 to 4', 4, 2)).toEqual({
      part: 'Row A, seats 1 to 4',
      rest: 'Row A, seats 1 to 4',
    });
  });
});

describe('quantitiesText and joinSeats', () => {
  it('names the quantities for a sentence', () => {
    expect(quantitiesText([4])).toBe('4');
    expect(quantitiesText([2, 4])).toBe('2 or 4');
    expect(quantitiesText([1, 2, 4])).toBe('1, 2 or 4');
  });

  it('puts the seats of a returned part back together', () => {
    expect(joinSeats('3, 4', '1, 2')).toBe('1-4');
    expect(joinSeats('GA', 'GA')).toBe('GA');
    expect(joinSeats('14-16', '11-13')).toBe('11-16');
  });
});
