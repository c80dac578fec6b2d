import {
  budgetProposal,
  type CategoryCode,
  categorisedMerchants,
  categoriseMerchantsBody,
  markStepBody,
  type OnboardingStep,
  onboardingState,
  uncategorisedMerchants,
} from '@tally/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
export const useOnboarding = () => useQuery(onboardingQuery);

/** Anything the guide changed may move a step (and the screens behind it): all of it is read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

export function useMarkStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { step: OnboardingStep; status: 'done' | 'skipped' | 'todo' }) =>
      api.post('onboarding/steps', jsonBody(markStepBody, body), onboardingState),
    onSuccess: (state) => queryClient.setQueryData(keys.state, state),
  });
}

export const useUncategorisedMerchants = (enabled: boolean) =>
  useQuery({
    queryKey: keys.merchants,
    queryFn: ({ signal }) => api.get('onboarding/merchants', uncategorisedMerchants, signal),
    enabled,
  });

export function useCategoriseMerchants() {
  const refresh = useRefresh();
  return useMutation({
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
