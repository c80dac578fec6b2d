import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDialog } from './use-dialog';

describe('useDialog', () => {
  it('opens for an item in a new session each time, and closes keeping the item', () => {
    const { result } = renderHook(() => useDialog<string | null>(null));
    expect(result.current).toMatchObject({ item: null, opened: false, session: 0 });
    act(() => result.current.open('rent'));
    expect(result.current).toMatchObject({ item: 'rent', opened: true, session: 1 });
    act(() => result.current.close());
    // The item stays while the dialog fades out.
    expect(result.current).toMatchObject({ item: 'rent', opened: false, session: 1 });
    act(() => result.current.open('rent'));
    expect(result.current).toMatchObject({ item: 'rent', opened: true, session: 2 });
  });

  it('keeps open and close the same functions across renders (safe in effect dependencies)', () => {
    const { result, rerender } = renderHook(() => useDialog());
    const { open, close } = result.current;
    act(() => open());
    rerender();
    expect(result.current.opened).toBe(true);
    expect(result.current.open).toBe(open);
    expect(result.current.close).toBe(close);
  });
});
