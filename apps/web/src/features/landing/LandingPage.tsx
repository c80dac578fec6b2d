import { lazy, Suspense, useEffect, useState } from 'react';
import { FAREWELL_KEY } from '../../app/paths';
import { whenNearViewport } from '../../lib/when-near-viewport';
import type { FarewellNote } from './Farewell';
import { HeroSection } from './HeroSection';
import { LandingHeader } from './LandingHeader';
import classes from './LandingPage.module.css';

// The sections under the hero are in the prerendered HTML but not in the page's first script: their code
// is fetched when the first of them nears the screen, and React hydrates them when it arrives (until then
// their HTML shows as it is, and its links work). The header and the hero hydrate at once.
let belowTheFold: Promise<typeof import('./BelowTheFold')> | undefined;
const loadBelowTheFold = () => {
  belowTheFold ??= whenNearViewport('features').then(() => import('./BelowTheFold'));
  return belowTheFold;
};
const BelowTheFold = lazy(async () => ({ default: (await loadBelowTheFold()).BelowTheFold }));
const LandingFooter = lazy(async () => ({ default: (await loadBelowTheFold()).LandingFooter }));
// Fetched only when there is something to say.
const Farewell = lazy(async () => ({ default: (await import('./Farewell')).Farewell }));

/** A note the signed-in app left as it signed out for good (read once, after the page is hydrated). */
function useFarewell() {
  const [note, setNote] = useState<FarewellNote | null>(null);
  useEffect(() => {
    const saved = sessionStorage.getItem(FAREWELL_KEY);
    if (!saved) return;
    sessionStorage.removeItem(FAREWELL_KEY);
    try {
      setNote(JSON.parse(saved) as FarewellNote);
    } catch {
      // Not ours to show.
    }
  }, []);
  return [note, () => setNote(null)] as const;
}

/** The public page at / (SPEC §2 "Landing page"). */
export function LandingPage() {
  const [farewell, dismissFarewell] = useFarewell();
  return (
    <div className={classes.page}>
      <LandingHeader />
      <main>
        <HeroSection />
        <Suspense fallback={null}>
          <BelowTheFold />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <LandingFooter />
      </Suspense>
      {farewell && (
        <Suspense fallback={null}>
          <Farewell note={farewell} onClose={dismissFarewell} />
        </Suspense>
      )}
    </div>
  );
}
