import { useEffect, useRef } from 'react';
import { type PlaidLinkError, usePlaidLink } from 'react-plaid-link';

/**
 * Loads Plaid Link (from Plaid's CDN) for one link token and opens it as soon as it is ready.
 * Rendered only while a link session runs, so demo mode never loads Plaid's script.
 */
export function PlaidLinkLauncher({
  token,
  onSuccess,
  onExit,
}: {
  token: string;
  onSuccess: (publicToken: string) => void;
  /** `error` is null when the person simply closed Link. */
  onExit: (error: PlaidLinkError | Error | null) => void;
}) {
  // Link keeps the callbacks it was created with; refs let it always reach the latest ones.
  const callbacks = useRef({ onSuccess, onExit });
  callbacks.current = { onSuccess, onExit };

  const { open, ready, error } = usePlaidLink({
    token,
    onSuccess: (publicToken) => callbacks.current.onSuccess(publicToken),
    onExit: (exitError) => callbacks.current.onExit(exitError),
  });

  const opened = useRef(false);
  useEffect(() => {
    if (ready && !opened.current) {
      opened.current = true;
      open();
    }
  }, [ready, open]);

  useEffect(() => {
    if (error) callbacks.current.onExit(new Error(error.message || 'Plaid Link could not be loaded'));
  }, [error]);

  return null;
}
