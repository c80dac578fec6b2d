import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import type { Cipher } from '../../lib/crypto';
import type { JobQueue } from '../../lib/job-queue';
import type { BankProvider } from '../../providers/bank/types';

export type AccountsDeps = {
  db: Db;
  provider: BankProvider;
  cipher: Cipher;
  queue: JobQueue;
  now: () => Date;
  log: FastifyBaseLogger;
  /** How long a claim on a history sync holds unless renewed (HISTORY_SYNC_CLAIM_MS when absent). */
  historySyncClaimMs?: number;
};

/** The accounts feature's share of the app's wiring. */
export const accountsDeps = (ctx: AppContext): AccountsDeps => ({
  db: ctx.database.db,
  provider: ctx.bankProvider,
  cipher: ctx.cipher,
  queue: ctx.queue,
  now: ctx.now,
  log: ctx.log,
  historySyncClaimMs: ctx.config.historySyncClaimSeconds * 1000,
});

/** What the bank-sync job carries. A window means a ranged backfill that leaves the cursor alone. */
export type BankSyncJob = {
  userId: string;
  connectionId: string;
  runId?: string;
  window?: { fromDay: string; toDay?: string };
};
