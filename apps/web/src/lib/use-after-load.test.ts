import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAfterLoad } from './use-after-load';

describe('useAfterLoad', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('turns true at the first idle moment of a loaded page', () => {
    const callbacks: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => {
      callbacks.push(callback);
      return callbacks.length;
    });
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const { result } = renderHook(() => useAfterLoad());
    expect(result.current).toBe(false);
    expect(callbacks).toHaveLength(1);
    act(() => callbacks[0]!({ didTimeout: false, timeRemaining: () => 10 }));
    expect(result.current).toBe(true);
  });

  it('falls back to a timer where idle callbacks do not exist, and cleans up on unmount', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const { result, unmount } = renderHook(() => useAfterLoad());
    act(() => {
      vi.runAllTimers();
    });
    expect(result.current).toBe(true);
    unmount();
  });
});
