import os from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';
import { serverRoot } from '../../server-paths';
import type { CheckedRows } from './bulk-upload';

interface CheckJob {
  records: readonly unknown[];
  country: string;
  firstRow: number;
}

const WORKER = path.join(serverRoot, 'src', 'modules', 'prospects', 'upload-check-worker.mjs');
// A worker stays this long after its last slice, so the slices of one file do not pay its start each time.
const IDLE_MS = 5 * 60_000;

/** Rows checked per task: small enough that the first inserts start at once, large enough to cost little to hand over. */
export const CHECK_SLICE_ROWS = 5000;

export interface UploadChecker {
  /** Each slice of `records` checked on a worker thread, in order; the promises settle as each is done. */
  check(records: readonly unknown[], country: string): Array<Promise<CheckedRows>>;
  close(): Promise<void>;
}

/**
 * Checks an upload's rows off the request thread: 50,000 rows take seconds of CPU (the phone library
 * above all), which on the request thread held every other user's request for as long. The slices are
 * queued at once, so while the database inserts one slice the worker already checks the next.
 */
export function uploadChecker(threads = Math.max(1, os.availableParallelism() - 1)): UploadChecker {
  const pool = new Piscina<CheckJob, CheckedRows>({ filename: WORKER, minThreads: 0, maxThreads: threads, idleTimeout: IDLE_MS });
  return {
    check(records, country) {
      const slices: Array<Promise<CheckedRows>> = [];
      for (let start = 0; start < records.length; start += CHECK_SLICE_ROWS) {
        slices.push(pool.run({ records: records.slice(start, start + CHECK_SLICE_ROWS), country, firstRow: start + 1 }));
      }
      // A request that fails before reading every slice must not leave one unhandled.
      for (const slice of slices) slice.catch(() => undefined);
      return slices;
    },
    close: () => pool.close(),
  };
}
