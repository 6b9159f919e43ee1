import type { CounterStore } from '../../http/shared-counters';

/**
 * Counts failed logins per account in a window that opens with the first failure. The counts
 * live in the shared store, so every instance of the server sees the same lock.
 */
export class FailureLimiter {
  constructor(
    private readonly counters: CounterStore,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  private key(account: string) {
    return `login-failures:${account.toLowerCase()}`;
  }

  /** Milliseconds until the account may try again, or 0 when it may try now. */
  async retryAfterMs(account: string): Promise<number> {
    const state = await this.counters.peek(this.key(account));
    return state && state.count >= this.max ? state.ttlMs : 0;
  }

  async recordFailure(account: string): Promise<void> {
    await this.counters.hit(this.key(account), this.windowMs);
  }

  async reset(account: string): Promise<void> {
    await this.counters.reset(this.key(account));
  }
}
