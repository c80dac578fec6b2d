import { sandboxPublicTokenBody, sandboxPublicTokenResponse } from '@tally/shared';
import { api, jsonBody } from '../../../lib/api';

/** Demo mode (and Plaid's sandbox): a public token for the chosen institution and accounts, no Link widget. */
export const createSandboxPublicToken = (institutionId: string, accountIds?: string[]) =>
  api.post(
    'plaid/sandbox/public-token',
    jsonBody(sandboxPublicTokenBody, { institutionId, accountIds }),
    sandboxPublicTokenResponse,
  );
