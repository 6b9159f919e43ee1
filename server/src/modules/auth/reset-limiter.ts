import type { CounterStore } from '../../http/shared-counters';

/**
 * Counts password reset requests per account, whatever the address they come from, so that many
 * addresses together still send one mailbox only a few reset mails an hour. Counted in the shared
 * store, so every instance of the server sees the same count.
 */
export class ResetRequestLimiter {
  constructor(
    private readonly counters: CounterStore,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one request; false once the account has had its share of the window. */
  async allow(account: string): Promise<boolean> {
    const state = await this.counters.hit(`password-resets:${account.toLowerCase()}`, this.windowMs);
    return state.count <= this.max;
  }
}
