import { useCallback, useState } from 'react';

type Opening<T> = { item: T; opened: boolean; session: number };
export type Dialog<T> = Opening<T> & { open: (item: T) => void; close: () => void };

/**
 * A dialog's openings. `open(item)` shows it for that item and starts a new session: key the dialog by
 * `session` so each opening starts afresh. `close()` hides it and keeps the item, so the dialog fades out
 * with what it showed (a deleted row's name stays put while the list moves on). Without an initial item
 * the dialog is about nothing in particular: `open()`.
 */
export function useDialog(): Dialog<void>;
export function useDialog<T>(initial: T): Dialog<T>;
export function useDialog<T>(initial?: T): Dialog<T | undefined> {
  const [state, setState] = useState<Opening<T | undefined>>({ item: initial, opened: false, session: 0 });
  const open = useCallback(
    (item: T | undefined) => setState((s) => ({ item, opened: true, session: s.session + 1 })),
    [],
  );
  const close = useCallback(() => setState((s) => ({ ...s, opened: false })), []);
  return { ...state, open, close };
}
