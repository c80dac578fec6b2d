import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { type AiDeps, refreshIfStale } from './ai.service';

/** How long after a person's last change their insights are recomputed: a sync or an import lands in bursts. */
export const INSIGHTS_REFRESH_DELAY_MS = 1_500;

/**
 * Recomputes a person's stored insights shortly after their numbers change (an edit, an import, a sync), so
 * a question or a screen finds them current rather than recomputing them first (tens of milliseconds at
 * 100k transactions). Changes in a burst wait for its end (one recompute); the work is this process's, and
 * another server doing the same for the same person only finds them current. A failure is logged: the next
 * read recomputes, as it always could. With no delay (null) it never runs: the reads recompute.
 */
export function insightsRefresher(deps: AiDeps, delayMs: number | null = INSIGHTS_REFRESH_DELAY_MS) {
  const waiting = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let closed = false;

  const refresh = async (userId: string) => {
    const [person] = await deps.db
      .select({ timeZone: users.timeZone })
      .from(users)
      .where(eq(users.id, userId));
    // Deleted meanwhile: nothing to keep current.
    if (person) await refreshIfStale(deps, { userId, timeZone: person.timeZone });
  };

  const start = (userId: string) => {
    waiting.delete(userId);
    const work = refresh(userId)
      .catch((error: unknown) => deps.log?.warn({ err: error }, 'refreshing insights after a change failed'))
      .finally(() => running.delete(work));
    running.add(work);
  };

  return {
    /** The person's numbers changed (or may have): their insights are recomputed once the changes settle. */
    changed(userId: string) {
      if (closed || delayMs === null) return;
      clearTimeout(waiting.get(userId));
      waiting.set(userId, setTimeout(() => start(userId), delayMs).unref());
    },
    /** Nothing new starts; what is running ends (before the database closes). */
    async close() {
      closed = true;
      for (const timer of waiting.values()) clearTimeout(timer);
      waiting.clear();
      await Promise.all(running);
    },
  };
}

export type InsightsRefresher = ReturnType<typeof insightsRefresher>;
