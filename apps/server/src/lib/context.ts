import type { FastifyBaseLogger, preHandlerAsyncHookHandler } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { AdvisorModel } from '../providers/ai/model';
import type { BankProvider } from '../providers/bank/types';
import type { GoogleVerifier } from '../providers/identity/google';
import type { TokenKeys } from './auth';
import type { Cipher } from './crypto';
import type { JobQueue } from './job-queue';

/** What every feature's routes are given: explicit, so a reader of app.ts sees all the wiring. */
export type AppContext = {
  config: Config;
  /** The app's logger (Fastify's pino), for work that runs outside a request. */
  log: FastifyBaseLogger;
  database: Database;
  keys: TokenKeys;
  verifyGoogle: GoogleVerifier;
  authenticate: preHandlerAsyncHookHandler;
  /** The one clock: every "now" and "today" comes from here, so tests can pin any date. */
  now: () => Date;
  queue: JobQueue;
  bankProvider: BankProvider;
  /** The advisor's language model, or null: the built-in interpreter answers. */
  advisorModel: AdvisorModel | null;
  /** Encrypts bank access tokens at rest. */
  cipher: Cipher;
  /**
   * Insights' upkeep: `changed` when a person's numbers changed outside a request (a bank sync), and they are
   * recomputed shortly; `later` for work after an answer has gone.
   */
  insights: {
    changed: (userId: string) => void;
    later: (work: () => Promise<unknown>) => void;
  };
};

/** The signed-in person as a feature's services see them: whose rows, and whose "today". */
export type Viewer = { userId: string; timeZone: string };

/** The Viewer of a request that passed `authenticate`. */
export const viewerOf = (req: { user: { id: string; timeZone: string } }): Viewer => ({
  userId: req.user.id,
  timeZone: req.user.timeZone,
});
