import { lazy, useEffect, useState } from 'react';
import { log } from '../../lib/log';
import type { Outcome } from './start-session';

/** The alert a failed attempt shows: fetched with start-session.ts, after the page is up. */
export const FormAlert = lazy(async () => ({ default: (await import('./FormAlert')).FormAlert }));

export type StartSession = typeof import('./start-session');

let loading: Promise<StartSession> | undefined;

/** start-session.ts, fetched once; a failed fetch (offline) is tried again on the next call. */
function loadStartSession(): Promise<StartSession> {
  loading ??= import('./start-session').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** How long after the page has loaded the sign-in code is fetched if nobody has touched the page. */
const SETTLE_MS = 3000;

/**
 * Resolves at the first touch, click, key or focus on the page, or SETTLE_MS after it has loaded: the
 * sign-in code is not fetched and run while a slow phone is still painting and hydrating the page, and is
 * there long before a person who started typing can submit.
 */
function whenPersonTurnsToPage(): Promise<void> {
  return new Promise((resolve) => {
    const events = ['pointerdown', 'keydown', 'focusin'] as const;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      for (const event of events) window.removeEventListener(event, done, true);
      window.removeEventListener('load', settle);
      clearTimeout(timer);
      resolve();
    };
    const settle = () => {
      timer = setTimeout(done, SETTLE_MS);
    };
    for (const event of events) window.addEventListener(event, done, true);
    if (document.readyState === 'complete') settle();
    else window.addEventListener('load', settle);
  });
}

/**
 * The sign-in and sign-up pages' attempts. start-session.ts is fetched once the person turns to the page
 * (see above; a submit fetches it at once if need be), then asked whether Google sign-in is offered.
 */
export function useStartSession() {
  const [messages, setMessages] = useState<string[]>([]);
  const [needsCode, setNeedsCode] = useState(false);
  const [busy, setBusy] = useState(false);
  const [googleClientId, setGoogleClientId] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    whenPersonTurnsToPage()
      .then(() => {
        void import('./FormAlert');
        return loadStartSession();
      })
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
      const outcome = await action(await loadStartSession());
      setMessages(outcome.messages);
      if (outcome.needsCode) setNeedsCode(true);
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
    /** The account asked for a code from its authenticator app: the form asks for it next. */
    needsCode,
    /** Back to the credentials (a different account, say). */
    startOver: () => {
      setNeedsCode(false);
      setMessages([]);
    },
    run,
    fail: (message: string) => setMessages([message]),
  };
}
