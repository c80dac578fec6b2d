// What a person earns by saving: the first goal, 25/50/75/100% of each, streaks of funded periods.
import {
  goalCompletedNotice,
  SAVINGS_ACHIEVEMENTS,
  type SavingsAchievement,
  type SavingsAchievementKind,
} from '@tally/shared';
import type { Db } from '../../db/client';
import { notify } from '../notifications';
import {
  type AchievementRow,
  achievementRows,
  dayReaching,
  goalsByStart,
  insertAchievements,
  ledgerByDay,
  type NewAchievement,
  periodRunsByEnd,
} from './savings.queries';

const STREAKS = [3, 6, 12] as const;
const PROGRESS = [25, 50, 75, 100] as const;

/**
 * Records what the person has earned and not yet recorded, each once, dated the day it was first true
 * (from the ledger, not the day it was noticed): the first goal, 25/50/75/100% of each goal, and 3, 6 and
 * 12 budget periods in a row that funded goals. Returns the newly recorded ones.
 */
export async function recordAchievements(
  tx: Db,
  { userId, day, now }: { userId: string; day: string; now: Date },
) {
  const goals = await goalsByStart(tx, { userId });
  const ledger = await ledgerByDay(tx, { userId });
  const earned: NewAchievement[] = [];
  const first = goals[0];
  if (first) {
    earned.push({ userId, key: 'first_goal', kind: 'first_goal', earnedDate: first.startDate });
  }
  for (const goal of goals) {
    const days = ledger.get(goal.id) ?? [];
    for (const percent of PROGRESS) {
      const reached = dayReaching(days, Math.ceil((goal.targetAmount * percent) / 100));
      if (!reached) continue;
      const kind = `progress_${percent}` as const;
      earned.push({
        userId,
        key: `${kind}:${goal.id}`,
        kind,
        goalId: goal.id,
        goalName: goal.name,
        earnedDate: reached,
      });
    }
  }
  const runs = await periodRunsByEnd(tx, { userId });
  let streak = 0;
  for (const run of runs) {
    streak = run.allocated > 0 ? streak + 1 : 0;
    const length = STREAKS.find((n) => n === streak);
    if (length) {
      const kind = `streak_${length}` as const;
      earned.push({ userId, key: kind, kind, earnedDate: run.endDate });
    }
  }
  // The first time each is reached wins (a later streak of the same length is the same achievement).
  const firsts = [...new Map(earned.reverse().map((e) => [e.key, e])).values()].filter(
    (e) => e.earnedDate <= day,
  );
  if (firsts.length === 0) return [];
  const inserted = await insertAchievements(tx, firsts);
  // A goal's 100% first reached is its completion: told once, in the same transaction as the ledger.
  for (const a of inserted) {
    const goal = a.kind === 'progress_100' ? goals.find((g) => g.id === a.goalId) : undefined;
    if (goal) {
      await notify(tx, {
        userId,
        notice: goalCompletedNotice({ id: goal.id, name: goal.name, target: goal.targetAmount }),
        createdAt: now,
      });
    }
  }
  return inserted;
}

export function achievementView(row: AchievementRow): SavingsAchievement {
  const kind = row.kind as SavingsAchievementKind;
  return {
    id: row.id,
    kind,
    ...SAVINGS_ACHIEVEMENTS[kind],
    goalId: row.goalId,
    goalName: row.goalName,
    earnedDate: row.earnedDate,
  };
}

export async function listAchievements(db: Db, { userId }: { userId: string }) {
  const rows = await achievementRows(db, { userId });
  return rows.map(achievementView);
}
