import { sandboxPublicTokenBody, sandboxPublicTokenResponse } from '@tally/shared';
import { api, jsonBody } from '../../../lib/api';

/** Demo mode (and Plaid's sandbox): a public token for the chosen institution, no Link widget. */
export const createSandboxPublicToken = (institutionId: string) =>
  api.post(
    'plaid/sandbox/public-token',
    jsonBody(sandboxPublicTokenBody, { institutionId }),
    sandboxPublicTokenResponse,
  );
