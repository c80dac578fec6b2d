const SECOND = 1000;
const MINUTE = 60 * SECOND;

const isWeekday = (d: Date) => d.getDay() >= 1 && d.getDay() <= 5;

/** Transactions silent refresh (SPEC §7): every 30 s on weekdays 9:00–16:59 local, else every 5 min. */
export function transactionsRefreshInterval(now: Date): number {
  const h = now.getHours();
  return isWeekday(now) && h >= 9 && h < 17 ? 30 * SECOND : 5 * MINUTE;
}

/**
 * Accounts refresh (SPEC §7): 30 s on weekdays 7:00–18:59; 60 s on weekday evenings 19:00–22:59 and
 * weekends 9:00–17:59; else 5 min.
 */
export function accountsRefreshInterval(now: Date): number {
  const h = now.getHours();
  if (isWeekday(now)) {
    if (h >= 7 && h < 19) return 30 * SECOND;
    if (h >= 19 && h < 23) return 60 * SECOND;
    return 5 * MINUTE;
  }
  return h >= 9 && h < 18 ? 60 * SECOND : 5 * MINUTE;
}

/** A history sync's progress banner: every 5 s while it runs. */
export const HISTORY_SYNC_POLL_MS = 5 * SECOND;
/** Budgets and count-up status (SPEC §7): every 60 s while the screen is open. */
export const BUDGET_REFRESH_MS = 60 * SECOND;
export const LAST_UPDATED_TICK_MS = 5 * SECOND;
export const SEARCH_DEBOUNCE_MS = 500;
