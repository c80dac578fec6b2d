/**
 * What the interpreter reads a person's questions against (their merchants, goals, subscriptions, the
 * first day of their history) costs a pass over their whole history: 40 ms at 100,000 transactions. People
 * ask several questions in a row, so it is kept in this process while their history is the same: the
 * caller gives a version of it (their monthly rollups' totals, which any transaction added, removed or
 * changed in amount moves, whoever wrote it: a bank sync, another process). A write through the API by the
 * person (a renamed merchant, a new goal) forgets it at once, and ten minutes forget it in any case.
 */
export const VOCABULARY_TTL_MS = 10 * 60_000;
/** People remembered at most; beyond it the memory starts over. */
const REMEMBERED_MAX = 10_000;

export function createVocabularyCache<T>(ttl = VOCABULARY_TTL_MS, clock = () => Date.now()) {
  const kept = new Map<string, { value: Promise<T>; at: number; version: string }>();
  return {
    /** The person's vocabulary, read with `load` unless one is kept for this version of their history. */
    get(userId: string, version: string, load: () => Promise<T>): Promise<T> {
      const now = clock();
      const entry = kept.get(userId);
      if (entry && entry.version === version && now >= entry.at && now - entry.at < ttl) return entry.value;
      if (kept.size >= REMEMBERED_MAX) kept.clear();
      const value = load();
      kept.set(userId, { value, at: now, version });
      // A failed read is not kept: the next question reads again.
      value.catch(() => {
        if (kept.get(userId)?.value === value) kept.delete(userId);
      });
      return value;
    },
    /** Something changed for this person: their next question reads again. */
    changed(userId: string) {
      kept.delete(userId);
    },
  };
}

/** The app's one cache of advisor vocabularies (in memory: each process keeps its own). */
export const vocabularyCache = createVocabularyCache<{
  merchants: string[];
  goals: string[];
  subscriptions: string[];
  historyStart: string | null;
  accounts: string[];
}>();
