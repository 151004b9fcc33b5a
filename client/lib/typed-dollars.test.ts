import { describe, expect, it } from 'vitest';
import { typedDollars } from './typed-dollars';

describe('typedDollars', () => {
  it('reads dollars with up to two decimals and an optional $', () => {
    expect(typedDollars('45')).toBe(45);
    expect(typedDollars(' $ 45.5 ')).toBe(45.5);
    expect(typedDollars('.99')).toBe(0.99);
  });

  it('tells a blank field from one that is not an amount', () => {
    expect(typedDollars('  ')).toBeUndefined();
    expect(typedDollars('45.555')).toBeNull();
    expect(typedDollars('forty')).toBeNull();
    expect(typedDollars('12345678')).toBeNull();
  });
});
