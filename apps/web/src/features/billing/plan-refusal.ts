import { ApiError } from '../../lib/api';

/** The server refused because of the plan (SPEC §1): a Pro feature on Starter, or Starter's bank accounts. */
export const isPlanRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  error.status === 403 &&
  (error.code === 'PLAN_REQUIRED' || error.code === 'ACCOUNT_LIMIT');
