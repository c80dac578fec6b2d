import type { JobQueue } from '../src/lib/job-queue';

/**
 * A job queue that runs nothing and remembers what was sent, for calling the sweeps directly and reading
 * what they would have queued. No job waits in it, so anything found unfinished is sent again.
 */
export function recordingQueue() {
  const sent: Array<{ name: string; data: Record<string, unknown> }> = [];
  const queue: JobQueue = {
    owner: 'recording-queue',
    send: async (name, data) => {
      sent.push({ name, data: Object.fromEntries(Object.entries(data)) });
    },
    work: async () => {},
    isWaiting: async () => false,
    deleteJobsOf: async () => {},
    schedule: async () => {},
    unschedule: async () => {},
    stop: async () => {},
  };
  return { queue, sent };
}
