/**
 * How often a person's reads of their notifications rescan for what has fallen due (budget levels,
 * subscriptions due, trial ending): every open tab polls each minute, and the hourly scan covers the rest.
 */
export const CATCH_UP_INTERVAL_MS = 60_000;
/** People remembered at most; beyond it the memory starts over (every next read scans once). */
const REMEMBERED_MAX = 50_000;

/**
 * When each person's catch-up last ran, in this process (real time: a pinned or shifted test clock must
 * not freeze it). A write by the person forgets theirs, so what they just did is found by their next read.
 */
export function createCatchUpThrottle(interval = CATCH_UP_INTERVAL_MS, clock = () => Date.now()) {
  const last = new Map<string, number>();
  return {
    /** Whether to scan now for this person; a yes counts as the scan. */
    due(userId: string): boolean {
      const now = clock();
      const at = last.get(userId);
      if (at !== undefined && now >= at && now - at < interval) return false;
      if (last.size >= REMEMBERED_MAX) last.clear();
      last.set(userId, now);
      return true;
    },
    /** Something changed for this person: their next read scans. */
    changed(userId: string) {
      last.delete(userId);
    },
  };
}

/** The app's one throttle (in memory: each process keeps its own). */
export const catchUpThrottle = createCatchUpThrottle();
