import type { DbOrTx } from '../../db/client';
import { claimCards, type BatchCaller, type BatchClaimResult } from './claim-batch';
import { claimCard, type ClaimTimes, type QueueFilter } from './claim-card';

/** More callers than a team has at once: a batch stays one quick statement. */
const MAX_BATCH = 32;

interface Waiting extends BatchCaller {
  resolve: (result: BatchClaimResult) => void;
  reject: (error: unknown) => void;
}

export interface ClaimMoment {
  times: ClaimTimes;
  /** The server's local date: the day the goal's calls are counted on. */
  today: string;
}

/**
 * Claims of one tenant and filter go through one lane: the first caller's claim goes out at once,
 * and callers who ask while a claim statement of their lane is running go out together in the
 * next one (claim-batch.ts). A lone caller waits for nothing; callers asking at once are answered
 * by one statement each round instead of each passing over the rows the others are locking.
 * Lanes are per process: instances of the app share the database's guarantees, not these lanes.
 *
 * The statement runs in the context of the request that opened the lane's round: every caller of
 * a lane was checked a member of its tenant, and the statement reads and writes that tenant only.
 */
export function claimLanes(db: DbOrTx, moment: () => ClaimMoment) {
  /** A lane is here while a statement of it runs: what arrives meanwhile waits in it. */
  const lanes = new Map<string, Waiting[]>();

  /** One statement for the round: the caller's own when alone (due callbacks and all), else the batch. */
  function round(tenantId: string, filter: QueueFilter, batch: Waiting[]): Promise<BatchClaimResult[]> {
    if (batch.length === 1) {
      const [{ caller, goalId, excludeIds }] = batch;
      return claimCard(db, tenantId, caller, { goalId, filter: { ...filter, excludeIds }, ...moment() }).then((result) => [result]);
    }
    return claimCards(db, tenantId, batch, { filter, ...moment() });
  }

  async function drain(key: string, tenantId: string, filter: QueueFilter, first: Waiting[]) {
    let batch = first;
    while (batch.length > 0) {
      try {
        const results = await round(tenantId, filter, batch);
        batch.forEach((waiting, i) => waiting.resolve(results[i]));
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
      batch = lanes.get(key)!.splice(0, MAX_BATCH);
    }
    lanes.delete(key);
  }

  return {
    claim(tenantId: string, caller: string, goalId: string, filter: QueueFilter): Promise<BatchClaimResult> {
      const key = JSON.stringify([tenantId, filter.statusId ?? null, filter.stageId ?? null, filter.q ?? null]);
      return new Promise((resolve, reject) => {
        const waiting: Waiting = { caller, goalId, excludeIds: filter.excludeIds, resolve, reject };
        const lane = lanes.get(key);
        if (lane) {
          lane.push(waiting);
          return;
        }
        lanes.set(key, []);
        void drain(key, tenantId, filter, [waiting]);
      });
    },
  };
}
