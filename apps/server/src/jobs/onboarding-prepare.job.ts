import { PREPARE_QUEUE, type PrepareJob, prepareSetup } from '../features/onboarding';
import type { AppContext } from '../lib/context';

/** Premium's preparation after a first import (see prepareSetup), off the import's own time. */
export async function startOnboardingPreparation(ctx: AppContext) {
  const deps = { db: ctx.database.db, now: ctx.now };
  await ctx.queue.work<PrepareJob>(PREPARE_QUEUE, async (job) => void (await prepareSetup(deps, job)));
}
