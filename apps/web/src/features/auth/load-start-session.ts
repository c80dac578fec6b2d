import { lazy, useEffect, useState } from 'react';
import { log } from '../../lib/log';

/** The alert a failed attempt shows: fetched with start-session.ts, after the page is up. */
export const FormAlert = lazy(async () => ({ default: (await import('./FormAlert')).FormAlert }));

type StartSession = typeof import('./start-session');
type Outcome = Awaited<ReturnType<StartSession['signIn']>>;

let loading: Promise<StartSession> | undefined;

/** start-session.ts, fetched once; a failed fetch (offline) is tried again on the next call. */
function loadStartSession(): Promise<StartSession> {
  loading ??= import('./start-session').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * The sign-in and sign-up pages' attempts. start-session.ts is fetched as soon as the page is up (so a
 * submit rarely waits for it), then asked whether Google sign-in is offered.
 */
export function useStartSession() {
  const [messages, setMessages] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [googleClientId, setGoogleClientId] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void import('./FormAlert');
    loadStartSession()
      .then((auth) => auth.googleClientId())
      .then((id) => live && setGoogleClientId(id))
      .catch((e: unknown) => log.warn('Could not load the sign-in settings', e));
    return () => {
      live = false;
    };
  }, []);

  const run = async (action: (auth: StartSession) => Promise<Outcome>) => {
    setBusy(true);
    setMessages([]);
    try {
      setMessages((await action(await loadStartSession())).messages);
    } catch (e) {
      log.warn('Could not load the sign-in code', e);
      setMessages(['Could not reach the server. Check your connection and try again.']);
    }
    setBusy(false);
  };

  return {
    busy,
    googleClientId,
    /** What the alert shows: what the last attempt found, kept until the next one. */
    messages,
    run,
    fail: (message: string) => setMessages([message]),
  };
}
