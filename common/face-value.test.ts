import { describe, expect, it } from 'vitest';
import { faceValueLabel, percentFromFace } from './face-value';

describe('price against face value', () => {
  it('says how far the all-in price is from face value, in whole percent', () => {
    expect(faceValueLabel(percentFromFace(11_200, 10_000))).toBe('12% above face value');
    expect(faceValueLabel(percentFromFace(9_200, 10_000))).toBe('8% below face value');
    expect(faceValueLabel(percentFromFace(10_049, 10_000))).toBe('at face value');
    expect(faceValueLabel(percentFromFace(9_951, 10_000))).toBe('at face value');
    expect(percentFromFace(10_050, 10_000)).toBe(1);
    expect(percentFromFace(9_950, 10_000)).toBe(-1);
  });

  it('says nothing when the listing has no face value', () => {
    expect(percentFromFace(5_000, 0)).toBeNull();
    expect(faceValueLabel(null)).toBeNull();
  });
});
