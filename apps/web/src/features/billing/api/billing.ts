import {
  type BillingState,
  billingState,
  changePlanBody,
  type PlanChangeResult,
  type PlanCode,
  planChangeResult,
  planState,
  portalResult,
  TRIAL_DAYS,
} from '@tally/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../app/auth';
import { api, jsonBody } from '../../../lib/api';
import { page } from '../../../lib/page';
import { queryKeys } from '../../../lib/query-keys';
import { getStoredUser } from '../../../lib/session';

/** The person's plan as it stands (GET /billing): trial days, provider, accounts against the limit. */
export const billingQuery = queryOptions({
  queryKey: queryKeys.billing,
  queryFn: ({ signal }) => api.get('billing', billingState, signal),
});

export const useBilling = () => useQuery(billingQuery);

export const changePlan = (plan: PlanCode) =>
  api.post('billing/plan', jsonBody(changePlanBody, { plan }), planChangeResult);
export const cancelPlan = () => api.post('billing/cancel', undefined, planChangeResult);
export const openPortal = () => api.post('billing/portal', undefined, portalResult);

/**
 * What follows a plan change: to Stripe's Checkout or portal when the server says so (the plan moves when
 * Stripe confirms; answers null), else the change has applied (a trial started, a plan ended): the
 * signed-in user follows it, and every screen reads its data again, since what it may show has changed.
 */
function useApplied() {
  const { setUser } = useAuth();
  const queryClient = useQueryClient();
  return async (result: PlanChangeResult): Promise<BillingState | null> => {
    const elsewhere = result.checkoutUrl ?? result.portalUrl;
    if (elsewhere) {
      page.leaveFor(elsewhere);
      return null;
    }
    setUser(result.user);
    queryClient.setQueryData(billingQuery.queryKey, result.billing);
    await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'billing' });
    return result.billing;
  };
}

/** The toast after a change that applied here: a trial that started, or the plan now in force. */
export function appliedMessage(state: BillingState): [title: string, body: string] {
  if (state.onTrial) {
    return [
      'Trial started',
      `You have ${TRIAL_DAYS} days of ${state.planName}: every ${state.planName} feature is open.`,
    ];
  }
  return ['Plan changed', `You're on ${state.planName} now.`];
}

export function useChangePlan() {
  const applied = useApplied();
  return useMutation({ mutationFn: async (plan: PlanCode) => applied(await changePlan(plan)) });
}

export function useCancelPlan() {
  const applied = useApplied();
  return useMutation({ mutationFn: async () => applied(await cancelPlan()) });
}

export function useOpenPortal() {
  return useMutation({
    mutationFn: async () => {
      const { url } = await openPortal();
      page.leaveFor(url);
    },
  });
}

/**
 * The plan whose limits apply now, from the signed-in user as stored (kept in step after every change), for
 * places outside the screens' user context: offered without a request. The server decides what is
 * allowed, and says so with a 403.
 */
export function storedPlanInForce(now = new Date()) {
  const user = getStoredUser();
  return user ? planState(user, now).plan : null;
}
