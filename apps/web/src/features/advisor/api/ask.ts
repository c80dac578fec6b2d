import { type AdvisorAnswer, advisorAnswer, type QueryBody, queryBody } from '@tally/shared';
import { useMutation } from '@tanstack/react-query';
import { api, jsonBody } from '../../../lib/api';

/**
 * POST /ai/query: the advisor's answer to one question, with the figures it stands on and the changes it
 * proposes. Not cached: the same words asked again are answered from the numbers as they are then.
 */
export const askTally = (body: QueryBody): Promise<AdvisorAnswer> =>
  api.post('ai/query', jsonBody(queryBody, body), advisorAnswer);

export const useAskTally = () => useMutation({ mutationFn: askTally });
