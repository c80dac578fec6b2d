import { resetAndResyncBody } from '@tally/shared';
import { api, jsonBody } from '../../../lib/api';

/** Clears a connection's imported transactions; SPEC §7 calls it before every disconnect. */
export const resetAndResync = (connectionId: string) =>
  api.post('transactions/reset-and-resync', jsonBody(resetAndResyncBody, { connectionId }));
