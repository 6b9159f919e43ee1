import { isDatabaseUnavailable } from '../http/database-errors';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs work that must not be dropped while the database is away (recording that a mail went out,
 * a queue job): tried again, waiting longer each time up to 5 s, until the database answers.
 * Any other error, or an abort, ends it.
 */
export async function untilDatabaseAnswers<T>(work: () => Promise<T>, abort?: AbortSignal): Promise<T> {
  for (let wait = 250; ; wait = Math.min(wait * 2, 5000)) {
    try {
      return await work();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || abort?.aborted) throw error;
      await sleep(wait);
    }
  }
}
