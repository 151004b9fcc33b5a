import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useRefetchOnFocus } from './use-refetch-on-focus';

describe('useRefetchOnFocus', () => {
  it('reads once when coming back fires both focus and visibilitychange, and again on a later return', () => {
    const clock = vi.spyOn(Date, 'now').mockReturnValue(10_000);
    const refetch = vi.fn();
    renderHook(() => useRefetchOnFocus(refetch));
    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new Event('visibilitychange'));
    expect(refetch).toHaveBeenCalledTimes(1);
    clock.mockReturnValue(15_000);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(refetch).toHaveBeenCalledTimes(2);
    clock.mockRestore();
  });
});
