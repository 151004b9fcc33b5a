import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const css = readFileSync(path.join(import.meta.dirname, 'styles.css'), 'utf8');

/** The value of a `--color-*` design token in styles.css. */
function token(name: string): string {
  const value = css.match(new RegExp(`--color-${name}:\\s*(#[0-9a-fA-F]{6});`))?.[1];
  if (!value) throw new Error(`No --color-${name} token`);
  return value;
}

function luminance(hex: string): number {
  const linear = (at: number) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(1) + 0.7152 * linear(3) + 0.0722 * linear(5);
}

/** The WCAG 2 contrast ratio of two colours. */
function contrast(first: string, second: string): number {
  const [one, two] = [luminance(first), luminance(second)];
  return (Math.max(one, two) + 0.05) / (Math.min(one, two) + 0.05);
}

describe('design tokens', () => {
  // Each alert variant (client/components/ui/alert.tsx) and the error toast put its text on its soft tint.
  it.each(['destructive', 'success', 'warning', 'info'])(
    'the %s alert text passes WCAG AA (4.5:1) on its background',
    (variant) => {
      expect(contrast(token(variant), token(`${variant}-soft`))).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('the default alert and muted text pass WCAG AA', () => {
    expect(contrast(token('foreground'), token('surface'))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(token('muted-foreground'), token('muted'))).toBeGreaterThanOrEqual(4.5);
  });

  it('white button text passes WCAG AA on the destructive and primary buttons', () => {
    expect(contrast('#ffffff', token('destructive'))).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#ffffff', token('destructive-hover'))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(token('primary-foreground'), token('primary'))).toBeGreaterThanOrEqual(4.5);
  });
});
