import {
  type AdvisorAction,
  centsToDollars,
  DEFAULT_ALLOCATION_PERCENT,
  SUBSCRIPTION_STATUS,
} from '@tally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { updateBudgetCategory } from '../../budgets';
import { createGoal } from '../../savings';
import { asUpdateBody, getSubscription, updateSubscription } from '../../subscriptions';

/**
 * Carries out a change the advisor proposed, once the person has confirmed it, through the very route the
 * screen that owns it uses; the advisor itself never writes. The action's amounts are cents, as every
 * answer's; the bodies of those routes take dollars.
 */
export async function carryOutAction(action: AdvisorAction): Promise<void> {
  switch (action.kind) {
    case 'raise_budget_category':
      await updateBudgetCategory({
        budgetId: action.budgetId,
        categoryId: action.categoryId,
        body: { allocatedAmount: centsToDollars(action.allocatedAmount) },
      });
      return;
    case 'create_goal':
      await createGoal({
        name: action.name,
        targetAmount: centsToDollars(action.targetAmount),
        targetDate: action.targetDate,
        allocationPercentage: DEFAULT_ALLOCATION_PERCENT,
      });
      return;
    case 'pause_subscription': {
      // The update takes the whole subscription back: read it as it is now, so nothing else is undone.
      const current = await getSubscription(action.subscriptionId);
      await updateSubscription({
        id: current.id,
        body: asUpdateBody(current, { status: SUBSCRIPTION_STATUS.Paused }),
      });
      return;
    }
  }
}

/**
 * What each change moves, beyond the insights worked out from the same numbers: a budget's allocation is
 * also the leftover the goals are funded from.
 */
const AFFECTED: Record<AdvisorAction['kind'], (readonly string[])[]> = {
  raise_budget_category: [queryKeys.budgets.all, queryKeys.savings.all],
  create_goal: [queryKeys.savings.all],
  pause_subscription: [queryKeys.subscriptions.all],
};

export function useCarryOutAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: carryOutAction,
    onSuccess: (_done, action) =>
      Promise.all(
        [...AFFECTED[action.kind], queryKeys.ai.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
