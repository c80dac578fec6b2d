import {
  addDays,
  type CategoryCode,
  ONBOARDING_MERCHANTS,
  ONBOARDING_STEPS,
  type OnboardingState,
  type OnboardingStep,
  type PreparedSetup,
  planAllows,
  proposeBudget,
  todayIn,
} from '@tally/shared';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../lib/job-queue';
import { planInForce } from '../billing';
import { createRule } from '../rules';
import { findRecurring } from '../subscriptions';
import {
  categoriseMerchant,
  largestUncategorised,
  markStep,
  monthlyTotals,
  preparationCandidate,
  progressFacts,
  savePreparation,
  storedPreparation,
  storedSteps,
} from './onboarding.queries';

export type OnboardingDeps = { db: Db; now: () => Date };
type Person = { id: string; timeZone: string };

/** The queue Premium's preparation runs on, one job at a time per person. */
export const PREPARE_QUEUE = 'onboarding-prepare';
export type PrepareJob = { userId: string };

/**
 * Where the guide stands: a step is done when its work is there (money brought in, a budget, a
 * subscription, a goal; no uncategorised spending left) or the person said so, skipped when they skipped it.
 */
export async function onboardingState(deps: OnboardingDeps, user: Person): Promise<OnboardingState> {
  const [facts, stored, prepared] = await Promise.all([
    progressFacts(deps.db, { userId: user.id }),
    storedSteps(deps.db, { userId: user.id }),
    storedPreparation(deps.db, { userId: user.id }),
  ]);
  const said = new Map(stored.map((s) => [s.step, s.status]));
  const already: Record<OnboardingStep, boolean> = {
    connect: facts.transactions,
    categories: facts.transactions && !facts.uncategorised,
    budget: facts.budgets,
    subscriptions: facts.subscriptions,
    goal: facts.goals,
  };
  const steps = ONBOARDING_STEPS.map((step) => ({
    step,
    status: already[step] ? ('done' as const) : (said.get(step) ?? ('todo' as const)),
  }));
  return { steps, finished: steps.every((s) => s.status !== 'todo'), prepared: preparedView(prepared) };
}

function preparedView(row: Awaited<ReturnType<typeof storedPreparation>>): PreparedSetup | null {
  if (!row) return null;
  const { categories } = row.budgetProposal;
  return {
    preparedAt: row.createdAt.toISOString(),
    budget: {
      categories: categories.length,
      total: categories.reduce((sum, c) => sum + c.allocatedAmount, 0),
    },
    subscriptions: row.subscriptions,
  };
}

export async function setStep(
  deps: OnboardingDeps,
  user: Person,
  body: { step: OnboardingStep; status: 'done' | 'skipped' | 'todo' },
) {
  await markStep(deps.db, { userId: user.id, ...body });
  return onboardingState(deps, user);
}

export async function merchantsToCategorise(deps: OnboardingDeps, user: Person) {
  return { merchants: await largestUncategorised(deps.db, { userId: user.id, limit: ONBOARDING_MERCHANTS }) };
}

/**
 * Puts each merchant's uncategorised transactions in the chosen category, with a rule where asked (so the
 * merchant's later transactions follow), and marks the step done.
 */
export async function categoriseMerchants(
  deps: OnboardingDeps,
  user: Person,
  body: { merchants: { merchant: string; category: CategoryCode; rule: boolean }[] },
) {
  let changed = 0;
  let rules = 0;
  for (const { merchant, category, rule } of body.merchants) {
    changed += await categoriseMerchant(deps.db, { userId: user.id, merchant, category });
    if (rule) {
      await createRule(deps, user.id, {
        field: 'either',
        operator: 'equals',
        pattern: merchant,
        minAmount: null,
        maxAmount: null,
        accountId: null,
        setCategory: category,
        renameMerchant: null,
      });
      rules += 1;
    }
  }
  await markStep(deps.db, { userId: user.id, step: 'categories', status: 'done' });
  return { transactions: changed, rules };
}

/** The three whole months before the person's current one (YYYY-MM), oldest first, and their days. */
export function lastFullMonths(today: string, count = 3) {
  const months: string[] = [];
  let first = `${today.slice(0, 7)}-01`;
  for (let i = 0; i < count; i += 1) {
    const dayBefore = addDays(first, -1);
    first = `${dayBefore.slice(0, 7)}-01`;
    months.unshift(first.slice(0, 7));
  }
  return { months, from: `${months[0]}-01`, to: addDays(`${today.slice(0, 7)}-01`, -1) };
}

/**
 * The first budget the guide offers (editable before saving): Premium's prepared one when there is one,
 * else proposed now.
 */
export async function offeredBudget(deps: OnboardingDeps, user: Person) {
  const prepared = await storedPreparation(deps.db, { userId: user.id });
  return prepared?.budgetProposal ?? budgetProposalFor(deps, user);
}

/** A first monthly budget from the last three whole months' spending by category. */
async function budgetProposalFor(deps: OnboardingDeps, user: Person) {
  const { months, from, to } = lastFullMonths(todayIn(user.timeZone, deps.now()));
  const rows = await monthlyTotals(deps.db, { userId: user.id, from, to });
  const seen = new Set(rows.map((r) => r.month));
  // Months before the person's history began do not count as months of spending nothing.
  const counted = months.filter(
    (m) => seen.has(m) || months.some((earlier) => earlier < m && seen.has(earlier)),
  );
  return proposeBudget(
    counted,
    rows.map((r) => ({ month: r.month, category: r.category, cents: r.spent })),
    rows.map((r) => ({ month: r.month, cents: r.earned })),
  );
}

/** Whether a person's import should prepare their setup: Premium (or its trial), not prepared yet. */
async function wantsPreparation(deps: OnboardingDeps, userId: string) {
  const person = await preparationCandidate(deps.db, { userId });
  if (!person || person.prepared) return null;
  return planAllows(planInForce(person, deps.now()), 'prepared-setup') ? person : null;
}

/**
 * After an import stored transactions: queues Premium's preparation when it is still to be made (one
 * waiting per person). Imports on other plans, and every import after it is made, queue nothing.
 */
export async function requestPreparation(
  deps: OnboardingDeps & { queue: Pick<JobQueue, 'send'> },
  userId: string,
) {
  if (!(await wantsPreparation(deps, userId))) return;
  await deps.queue.send<PrepareJob>(PREPARE_QUEUE, { userId }, { singletonKey: userId });
}

/**
 * Premium's white-glove onboarding, once per person, after the first import: the first budget proposed
 * from the history and the recurring charges found in it are kept for the guide, so both are ready on
 * the person's first visit. Detection here stores no suggestions (those are made when the person opens
 * them). Answers whether it prepared anything.
 */
export async function prepareSetup(deps: OnboardingDeps, { userId }: PrepareJob) {
  const person = await wantsPreparation(deps, userId);
  if (!person) return false;
  const user = { id: userId, timeZone: person.timeZone };
  const [budgetProposal, recurring] = await Promise.all([
    budgetProposalFor(deps, user),
    findRecurring(deps, { userId, timeZone: person.timeZone }, { includeBills: false }),
  ]);
  await savePreparation(deps.db, {
    userId,
    budgetProposal,
    subscriptions: recurring.map((r) => ({
      merchantName: r.merchantName,
      amount: r.amount,
      frequency: r.frequency,
    })),
  });
  return true;
}
