import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMediaQuery } from './use-media-query';

afterEach(() => vi.unstubAllGlobals());

describe('useMediaQuery', () => {
  it('is false without matchMedia (the wide layout)', () => {
    expect(renderHook(() => useMediaQuery('(max-width: 639px)')).result.current).toBe(false);
  });

  it('follows the query as the window changes', () => {
    let matches = true;
    const listeners = new Set<() => void>();
    vi.stubGlobal('matchMedia', (query: string) => ({
      media: query,
      get matches() {
        return matches;
      },
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    }));
    const { result } = renderHook(() => useMediaQuery('(max-width: 639px)'));
    expect(result.current).toBe(true);
    matches = false;
    act(() => {
      for (const listener of listeners) listener();
    });
    expect(result.current).toBe(false);
  });
});
