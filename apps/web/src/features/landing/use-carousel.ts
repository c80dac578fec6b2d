import { useEffect, useState } from 'react';

/** How long each slide stays before the next one (SPEC §9: carousel interval 5 s). */
export const CAROUSEL_INTERVAL_MS = 5000;
/** Length of the slide change; the arrows stay disabled meanwhile so clicks can't pile up. */
export const CAROUSEL_TRANSITION_MS = 150;

export type UseCarouselOptions = {
  count: number;
  intervalMs?: number;
  transitionMs?: number;
  /** While true the carousel stays on its slide (the reader is hovering, focused or pressed pause). */
  isPaused?: boolean;
};

const wrap = (index: number, count: number) => ((index % count) + count) % count;

/** Slide index, auto-advance and the transition lock of a looping carousel. */
export function useCarousel({
  count,
  intervalMs = CAROUSEL_INTERVAL_MS,
  transitionMs = CAROUSEL_TRANSITION_MS,
  isPaused = false,
}: UseCarouselOptions) {
  const [activeIndex, setActiveIndex] = useState(0);
  const [isTransitioning, setIsTransitioning] = useState(false);

  useEffect(() => {
    if (!isTransitioning) return;
    const timer = setTimeout(() => setIsTransitioning(false), transitionMs);
    return () => clearTimeout(timer);
  }, [isTransitioning, transitionMs]);

  // Restarts whenever the slide changes, so a manual step gives the new slide its full interval.
  useEffect(() => {
    if (isPaused || count < 2) return;
    const timer = setTimeout(() => {
      setActiveIndex(wrap(activeIndex + 1, count));
      setIsTransitioning(true);
    }, intervalMs);
    return () => clearTimeout(timer);
  }, [activeIndex, count, intervalMs, isPaused]);

  const goTo = (index: number) => {
    const target = wrap(index, count);
    if (isTransitioning || target === activeIndex) return;
    setActiveIndex(target);
    setIsTransitioning(true);
  };

  return {
    activeIndex,
    isTransitioning,
    goTo,
    next: () => goTo(activeIndex + 1),
    previous: () => goTo(activeIndex - 1),
  };
}
