import {
  addDays,
  budgetLevel,
  budgetNotice,
  canonicalTimeZone,
  categoryName,
  DUE_SOON_DAYS,
  daysUntilWithin,
  type NewNotification,
  planAllows,
  planOf,
  subscriptionDueNotice,
  todayIn,
  trialEndingNotice,
  trialEndsWithin,
} from '@tally/shared';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { planInForce } from '../billing';
import { activePeriodNow } from '../budgets';
import { refreshSubscriptions } from '../subscriptions';
import {
  budgetCandidates,
  budgetKeysTold,
  peopleWithSubscriptionsDueBy,
  starterTrialsEnding,
  subscriptionsDueUntold,
} from './notifications.queries';
import { type DeliveryQueue, notifyMany } from './notify';

export type ScanDeps = { db: Db; now: () => Date; queue?: DeliveryQueue };
type Addressed = NewNotification & { userId: string };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A person's zone for the scan, which goes through everyone: a stored zone the runtime's tz data does not
 * know (the database's and the runtime's can disagree after an upgrade of either) counts as UTC for them
 * rather than stopping the scan for everyone after them.
 */
const usableZone = (timeZone: string) => canonicalTimeZone(timeZone) ?? 'UTC';

/**
 * The active budget's categories at 80% or beyond their allocation in the current period, from the same
 * figures the Budgets screen shows (the period is rolled first if due, as a budget read does). Once a
 * category is over, its 80% is not told after the fact (a refund bringing it back under).
 */
async function budgetNoticesOf(db: Db, viewer: Viewer, day: string): Promise<Addressed[]> {
  const active = await activePeriodNow(db, { userId: viewer.userId, day });
  if (!active) return [];
  const { period, figures } = active;
  const levels = figures.flatMap((f) => {
    const level = budgetLevel(f);
    return level ? [{ ...f, level }] : [];
  });
  if (levels.length === 0) return [];
  const told = new Set(await budgetKeysTold(db, { userId: viewer.userId, periodId: period.id }));
  return levels
    .filter((f) => f.level === 'over' || !told.has(`budget:${period.id}:${f.category}:over`))
    .map((f) => ({
      userId: viewer.userId,
      ...budgetNotice({
        category: f.category,
        periodId: period.id,
        name: categoryName(f.category),
        level: f.level,
        allocated: f.allocated,
        spent: f.spent,
      }),
    }));
}

/**
 * Whether the person's plan in force includes subscription tracking (a running trial counts as Pro), as
 * the subscription routes decide it.
 */
const tracksSubscriptions = (person: Parameters<typeof planInForce>[0], now: Date) =>
  planAllows(planInForce(person, now), 'subscriptions');

/**
 * Catches up the subscriptions that could be due soon (or whose due date passed) with the charges posted
 * and the days gone by, as the Subscriptions screen's reads do: a due date already paid moves on, and one
 * that passed gives way to the next. People whose plan has no subscription tracking are left alone.
 */
async function catchUpSubscriptions(deps: ScanDeps, now: Date, userId?: string) {
  const people = await peopleWithSubscriptionsDueBy(deps.db, {
    day: addDays(todayIn('UTC', now), DUE_SOON_DAYS + 1),
    userId,
  });
  for (const person of people) {
    if (!tracksSubscriptions(person, now)) continue;
    await refreshSubscriptions(deps, person.userId, todayIn(usableZone(person.timeZone), now));
  }
}

/**
 * Active subscriptions due in the next 3 days of their person's calendar, not yet told, of people whose
 * plan tracks subscriptions (caught up first: catchUpSubscriptions). SQL narrows to
 * due dates near UTC's today (every zone's today is within a day of it); the person's own today decides.
 */
async function subscriptionsDue(
  db: Db,
  { now, userId }: { now: Date; userId?: string },
): Promise<Addressed[]> {
  const utcToday = todayIn('UTC', now);
  const rows = await subscriptionsDueUntold(db, {
    from: addDays(utcToday, -1),
    to: addDays(utcToday, DUE_SOON_DAYS + 1),
    userId,
  });
  return rows.flatMap((r) => {
    if (!tracksSubscriptions(r, now)) return [];
    const today = todayIn(usableZone(r.timeZone), now);
    return daysUntilWithin(today, r.dueDate) === null
      ? []
      : [{ userId: r.userId, ...subscriptionDueNotice({ ...r, today }) }];
  });
}

/** Free trials of Pro or Premium (not converted: still on Starter) ending within 3 days of their person's calendar. */
async function trialsEnding(db: Db, { now, userId }: { now: Date; userId?: string }): Promise<Addressed[]> {
  const rows = await starterTrialsEnding(db, {
    after: now,
    by: new Date(now.getTime() + (DUE_SOON_DAYS + 1) * DAY_MS),
    userId,
  });
  return rows.flatMap((r) => {
    if (!r.trialEndsAt) return [];
    const days = trialEndsWithin(r.trialEndsAt, usableZone(r.timeZone), now);
    return days === null
      ? []
      : [
          {
            userId: r.userId,
            ...trialEndingNotice({ trialEndsAt: r.trialEndsAt, days, planName: planOf(r.trialPlan).name }),
          },
        ];
  });
}

/**
 * The time-based notifications of one person, when they read their notifications (the schedule may not
 * have run yet): budget levels, subscriptions due, trial ending. Answers how many were new.
 */
export async function catchUpPerson(deps: ScanDeps, viewer: Viewer): Promise<number> {
  const now = deps.now();
  await catchUpSubscriptions(deps, now, viewer.userId);
  const notices = [
    ...(await budgetNoticesOf(deps.db, viewer, todayIn(viewer.timeZone, now))),
    ...(await subscriptionsDue(deps.db, { now, userId: viewer.userId })),
    ...(await trialsEnding(deps.db, { now, userId: viewer.userId })),
  ];
  return (await notifyMany(deps.db, { notices, createdAt: now, queue: deps.queue })).length;
}

/** The scheduled scan over everyone: set-based reads, and only people with something due are looked at. */
export async function scanEveryone(deps: ScanDeps): Promise<number> {
  const now = deps.now();
  await catchUpSubscriptions(deps, now);
  const notices = [...(await subscriptionsDue(deps.db, { now })), ...(await trialsEnding(deps.db, { now }))];
  for (const viewer of await budgetCandidates(deps.db, { now })) {
    notices.push(...(await budgetNoticesOf(deps.db, viewer, todayIn(usableZone(viewer.timeZone), now))));
  }
  const told = await notifyMany(deps.db, { notices, createdAt: now, queue: deps.queue });
  return told.length;
}
