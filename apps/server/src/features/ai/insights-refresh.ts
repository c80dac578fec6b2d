import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { type AiDeps, refreshIfStale } from './ai.service';

type Deps = Omit<AiDeps, 'later'>;

/** How long after a person's last change their insights are recomputed: a sync or an import lands in bursts. */
export const INSIGHTS_REFRESH_DELAY_MS = 1_500;

/**
 * Recomputes a person's stored insights shortly after their numbers change (an edit, an import, a sync), so
 * a question or a screen finds them current rather than recomputing them first (tens of milliseconds at
 * 100k transactions). Changes in a burst wait for its end (one recompute); the work is this process's, and
 * another server doing the same for the same person only finds them current. A failure is logged: the next
 * read recomputes, as it always could. With no delay (null) it never runs: the reads recompute.
 */
export function insightsRefresher(deps: Deps, delayMs: number | null = INSIGHTS_REFRESH_DELAY_MS) {
  const waiting = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let closed = false;
  const track = (work: Promise<unknown>, failed: string) => {
    const tracked = work
      .then(() => {})
      .catch((error: unknown) => deps.log?.warn({ err: error }, failed))
      .finally(() => running.delete(tracked));
    running.add(tracked);
  };

  const refresh = async (userId: string) => {
    const [person] = await deps.db
      .select({ timeZone: users.timeZone })
      .from(users)
      .where(eq(users.id, userId));
    // Deleted meanwhile: nothing to keep current.
    if (person) await refreshIfStale({ ...deps, later }, { userId, timeZone: person.timeZone });
  };

  const start = (userId: string) => {
    waiting.delete(userId);
    track(refresh(userId), 'refreshing insights after a change failed');
  };

  /** Work after the answer has gone: on the next turn of the event loop, once the reply is written. */
  const later = (work: () => Promise<unknown>) => {
    if (closed) return;
    track(
      new Promise((resolve) => setImmediate(resolve)).then(work),
      'storing insights after an answer failed',
    );
  };

  return {
    /** The person's numbers changed (or may have): their insights are recomputed once the changes settle. */
    changed(userId: string) {
      if (closed || delayMs === null) return;
      clearTimeout(waiting.get(userId));
      waiting.set(userId, setTimeout(() => start(userId), delayMs).unref());
    },
    later,
    /** Nothing new starts; what is running ends (before the database closes). */
    async close() {
      closed = true;
      for (const timer of waiting.values()) clearTimeout(timer);
      waiting.clear();
      await Promise.all(running);
    },
  };
}
