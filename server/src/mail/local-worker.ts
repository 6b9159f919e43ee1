import { deliverDueMail, type DeliveryDeps } from './deliver';
import type { MailQueue } from './graphile-queue';

export interface LocalWorkerOptions {
  delivery: DeliveryDeps;
  scheduled: () => Promise<unknown>;
  /** How often due mail is looked for. */
  pollMs?: number;
  /** How often the scheduled work runs. */
  scheduleMs?: number;
}

/**
 * The mail worker on embedded PGlite, which only this process can open: the same outbox rows, the
 * same claim, backoff and lease as on PostgreSQL (outbox-repository.ts), run by timers in this
 * process. Two instances cannot share a PGlite folder, so no second process runs these timers; the
 * follow-ups still go out once each because the outbox's unique index says so.
 */
export function startLocalWorker(options: LocalWorkerOptions): MailQueue {
  const { delivery } = options;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const timers: NodeJS.Timeout[] = [];

  const every = (ms: number, work: () => Promise<unknown>) => {
    const tick = () => {
      if (stopped) return;
      running = work()
        .catch((error: unknown) => delivery.log.error({ err: error instanceof Error ? error.message : String(error) }, 'mail worker step failed'))
        .finally(() => {
          if (!stopped) timers.push(setTimeout(tick, ms).unref());
        });
    };
    timers.push(setTimeout(tick, 0).unref());
  };
  every(options.pollMs ?? 1000, () => deliverDueMail(delivery));
  every(options.scheduleMs ?? 60_000, options.scheduled);

  return {
    async stop() {
      stopped = true;
      timers.forEach(clearTimeout);
      await running;
    },
  };
}
