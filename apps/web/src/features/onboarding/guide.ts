import { type ComponentType, startTransition, useEffect, useState } from 'react';
import { openStep, useOnboarding, useUncategorisedMerchants } from './api/onboarding';

type Code = { Guide: ComponentType | null };
/** The guide's code once fetched (null: it could not be), for every dashboard opened after. */
let fetched: Code | undefined;

/**
 * The dashboard's first-run guide, once everything it opens with is here: where the guide stands, the
 * merchants when its open step lists them, and its code (fetched only for a person who still has steps to
 * do). The dashboard shows nothing under its header until then, so the guide never arrives after the
 * panels and pushes them down. `Guide` is null when there is no guide to show.
 */
export function useOnboardingGuide(): { ready: boolean; Guide: ComponentType | null } {
  const state = useOnboarding();
  const shown = state.data !== undefined && !state.data.finished;
  const listsMerchants = shown && openStep(state.data) === 'categories';
  const merchants = useUncategorisedMerchants(listsMerchants);
  const [code, setCode] = useState(fetched);
  useEffect(() => {
    if (!shown || code) return;
    import('./OnboardingGuide')
      .then((module) => ({ Guide: module.OnboardingGuide }))
      .catch(() => ({ Guide: null }))
      .then((loaded) => {
        fetched = loaded;
        // Building the guide (ten category pickers) is a transition: done in steps between the browser's
        // own work rather than in one long task.
        startTransition(() => setCode(loaded));
      });
  }, [shown, code]);
  // Only the first time: once the page is shown, a step that moves on (and asks for merchants) does not
  // hide it again.
  const [ready, setReady] = useState(false);
  if (!ready && !state.isPending && (!listsMerchants || !merchants.isPending) && (!shown || code)) {
    setReady(true);
  }
  return { ready, Guide: shown ? (code?.Guide ?? null) : null };
}
