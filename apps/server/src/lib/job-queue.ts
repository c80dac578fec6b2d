// The background queue's contract, which features and the app context hold; jobs/queue.ts implements it.

/** isLastAttempt: the queue will not retry this job if it fails now. */
export type JobHandler<T> = (data: T, meta: { isLastAttempt: boolean }) => Promise<void>;

/** The background queue: pg-boss on PostgreSQL or PGlite, so N workers never run the same job twice. */
export type JobQueue = {
  send: <T extends object>(name: string, data: T, options?: { singletonKey?: string }) => Promise<void>;
  /** workers: how many jobs of this queue this process runs at once (each its own polling loop). */
  work: <T extends object>(
    name: string,
    handler: JobHandler<T>,
    options?: { workers?: number },
  ) => Promise<void>;
  /** This process's name on the history syncs it claims; unique per started queue. */
  owner: string;
  /**
   * Whether a job of this queue whose data contains `match` is waiting to run (created or retry); with
   * orActive, or fetched by a worker (active). An active job may belong to a process that died, so only a
   * caller that knows its work was never started (an unclaimed history sync) should count it.
   */
  isWaiting: (
    name: string,
    match: Record<string, string>,
    options?: { orActive?: boolean },
  ) => Promise<boolean>;
  /**
   * Deletes every job, of any queue and in any state (archived too), whose data contains `match`: a
   * deleted account's. A job running right now finds its rows gone and stops; pg-boss then finds no job
   * row to mark done, which it takes in its stride.
   */
  deleteJobsOf: (match: Record<string, string>) => Promise<void>;
  /** Runs a job of this queue on a cron schedule (UTC); once across all instances. */
  schedule: (name: string, cron: string) => Promise<void>;
  /** Removes the queue's schedule, if it has one. */
  unschedule: (name: string) => Promise<void>;
  stop: () => Promise<void>;
};
