/**
 * How long a password sign-in must wait, given the failures recorded within the lockout window.
 *
 * Three counters, each stopping one kind of guessing without letting a stranger lock the owner out:
 * - one email from one address (the pair): a hard limit of `failures` per window. Someone guessing from
 *   one place is stopped for the rest of the window, and only that place is: the owner, elsewhere, is not.
 * - one email from every address: after `failures`, each further attempt waits 1 s, 2 s, 4 s… capped at a
 *   minute. It slows guesses spread over many addresses; for the owner it is at most a minute's wait after
 *   a stranger's last evaluated guess. Turned-away attempts are not failures and add nothing, so a locked-out
 *   address hammering on costs the owner nothing more. (Known limit: many fresh addresses taking turns can
 *   keep the owner racing them for each slot; telling the owner's device apart would need more than this table.)
 * - one address across every email: after 4 × `failures` (spraying one password over many accounts),
 *   the same doubling, capped at the window itself.
 * The caller records each admitted attempt as a failure before checking the password (and clears it on
 * success) under a lock, so parallel guesses are counted one after another, never all evaluated at once.
 */
export type Lockout = { failures: number; minutes: number };

export type RecentFailures = {
  /** This email from this address, newest first; at most `failures` of them are needed. */
  pair: Date[];
  /** This email from every address. */
  email: { count: number; last: Date | null };
  /** This address, whatever the email. */
  address: { count: number; last: Date | null };
};

const FIRST_DELAY_MS = 1000;
const EMAIL_DELAY_CAP_MS = 60_000;
/** Per address, this many times the per-email allowance: a household or office shares one address. */
export const ADDRESS_ALLOWANCE_FACTOR = 4;

/** 0 for the first `free` failures, then 1 s, 2 s, 4 s… never more than `capMs`. */
export function growingDelay(failures: number, free: number, capMs: number): number {
  if (failures < free) return 0;
  return Math.min(capMs, FIRST_DELAY_MS * 2 ** (failures - free));
}

/** Milliseconds before this attempt may be evaluated; 0 when it may be now. */
export function signInWait(recent: RecentFailures, now: Date, lockout: Lockout): number {
  const windowMs = lockout.minutes * 60_000;
  const at = now.getTime();
  const until = (since: Date | null | undefined, delayMs: number) =>
    since && delayMs > 0 ? Math.max(0, since.getTime() + delayMs - at) : 0;

  // The pair is free again once its `failures`-th newest failure leaves the window.
  const pairWait = until(recent.pair[lockout.failures - 1], windowMs);
  const emailWait = until(
    recent.email.last,
    growingDelay(recent.email.count, lockout.failures, Math.min(EMAIL_DELAY_CAP_MS, windowMs)),
  );
  const addressWait = until(
    recent.address.last,
    growingDelay(recent.address.count, lockout.failures * ADDRESS_ALLOWANCE_FACTOR, windowMs),
  );

  return Math.max(pairWait, emailWait, addressWait);
}

/** "1 second", "42 seconds", "15 minutes": whole units, rounded up so the client never comes back early. */
export function describeWait(waitMs: number): string {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
