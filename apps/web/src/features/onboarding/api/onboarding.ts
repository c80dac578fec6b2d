import {
  budgetProposal,
  type CategoryCode,
  categorisedMerchants,
  categoriseMerchantsBody,
  markStepBody,
  type OnboardingState,
  type OnboardingStep,
  onboardingState,
  uncategorisedMerchants,
} from '@tally/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { api, jsonBody } from '../../../lib/api';

const ONBOARDING = ['onboarding'] as const;
const keys = {
  state: [...ONBOARDING, 'state'] as const,
  merchants: [...ONBOARDING, 'merchants'] as const,
  proposal: [...ONBOARDING, 'budget-proposal'] as const,
};

/** GET /onboarding: where the first-run guide stands. */
export const onboardingQuery = {
  queryKey: keys.state,
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get('onboarding', onboardingState, signal),
};
/**
 * The dashboard reads the guide's state (and merchants) before the guide's code arrives. The guide, mounting
 * a moment later under it, passes `refetchOnMount` false and uses those answers instead of asking again.
 */
export const useOnboarding = (refetchOnMount = true) => useQuery({ ...onboardingQuery, refetchOnMount });

/** The guide's open step: the first one still to do. */
export const openStep = (state: OnboardingState): OnboardingStep =>
  state.steps.find((s) => s.status === 'todo')?.step ?? 'goal';

/**
 * Whatever the person does from the guide (a budget saved, a subscription confirmed, a file imported) may
 * finish a step: where the guide stands is read again after every change that succeeds, and on `refresh`.
 */
export function useOnboardingFollowsChanges() {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ONBOARDING }),
    [queryClient],
  );
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        // The guide's own changes answer (or refresh) where it stands themselves.
        const own = event.mutation?.options.mutationKey?.[0] === ONBOARDING[0];
        if (event.type === 'updated' && event.action.type === 'success' && !own) refresh();
      }),
    [queryClient, refresh],
  );
  return refresh;
}

/** Anything the guide changed may move a step (and the screens behind it): all of it is read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

export function useMarkStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...ONBOARDING, 'step'],
    mutationFn: (body: { step: OnboardingStep; status: 'done' | 'skipped' | 'todo' }) =>
      api.post('onboarding/steps', jsonBody(markStepBody, body), onboardingState),
    onSuccess: (state) => queryClient.setQueryData(keys.state, state),
  });
}

export const useUncategorisedMerchants = (enabled: boolean, refetchOnMount = true) =>
  useQuery({
    queryKey: keys.merchants,
    queryFn: ({ signal }) => api.get('onboarding/merchants', uncategorisedMerchants, signal),
    enabled,
    refetchOnMount,
  });

export function useCategoriseMerchants() {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: [...ONBOARDING, 'merchants'],
    mutationFn: (merchants: { merchant: string; category: CategoryCode; rule: boolean }[]) =>
      api.post(
        'onboarding/merchants',
        jsonBody(categoriseMerchantsBody, { merchants }),
        categorisedMerchants,
      ),
    onSuccess: refresh,
  });
}

export const useBudgetProposal = (enabled: boolean) =>
  useQuery({
    queryKey: keys.proposal,
    queryFn: ({ signal }) => api.get('onboarding/budget-proposal', budgetProposal, signal),
    enabled,
  });
