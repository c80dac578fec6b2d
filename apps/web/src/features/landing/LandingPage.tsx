import { lazy, Suspense, useEffect, useState } from 'react';
import { FAREWELL_KEY } from '../../app/paths';
import type { FarewellNote } from './Farewell';
import { HeroSection } from './HeroSection';
import { LandingHeader } from './LandingHeader';
import classes from './LandingPage.module.css';

// The sections under the hero are in the prerendered HTML but not in the page's first script: their code
// is fetched as soon as the page runs, and React hydrates them when it arrives (until then their HTML is
// shown as it is). The header and the hero, what a phone shows first, hydrate at once.
const belowTheFold = import('./BelowTheFold');
const BelowTheFold = lazy(async () => ({ default: (await belowTheFold).BelowTheFold }));
const LandingFooter = lazy(async () => ({ default: (await belowTheFold).LandingFooter }));
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
