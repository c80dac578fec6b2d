import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { BankDeps } from '../features/bank/bank.service';
import type { GoogleVerifier } from '../providers/identity/google';
import type { TokenKeys } from './auth';

/** What every feature's routes are given: explicit, so a reader of app.ts sees all the wiring. */
export type AppContext = {
  config: Config;
  database: Database;
  keys: TokenKeys;
  verifyGoogle: GoogleVerifier;
  authenticate: preHandlerAsyncHookHandler;
  bank: BankDeps;
};
