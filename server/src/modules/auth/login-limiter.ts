import net from 'node:net';
import type { CounterStore } from '../../http/shared-counters';

/**
 * The address failures are counted against: an IPv4 address, or an IPv6 address's /64 network,
 * since one subscriber usually holds a whole /64 and could otherwise rotate through it.
 */
export function clientGroup(address: string | null): string {
  if (!address) return 'unknown';
  const ip = address.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!net.isIPv6(ip)) return ip;
  const [head, tail] = ip.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = [...headGroups, ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Counts failed logins per account and client address in a window that opens with the first
 * failure. Per address, so that a stranger who fails five times locks out himself, not the
 * account's owner signing in from elsewhere. The counts live in the shared store, so every
 * instance of the server sees the same lock.
 */
export class FailureLimiter {
  constructor(
    private readonly counters: CounterStore,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  private prefix(account: string) {
    // An email never holds a space, so one account's prefix is never the start of another's.
    return `login-failures:${account.toLowerCase()} `;
  }

  private key(account: string, address: string | null) {
    return `${this.prefix(account)}${clientGroup(address)}`;
  }

  /**
   * Takes one attempt before the password is checked, counting it as failed until `succeeded`:
   * parallel attempts each take their own, so no burst gets more than `max` past the check.
   * Answers the milliseconds until the address may try again, or 0 when this attempt may go on.
   */
  async attempt(account: string, address: string | null): Promise<number> {
    const state = await this.counters.hit(this.key(account, address), this.windowMs);
    return state.count > this.max ? Math.max(1, state.ttlMs) : 0;
  }

  /** The right password: the address's earlier failures for the account are forgotten. */
  async succeeded(account: string, address: string | null): Promise<void> {
    await this.counters.reset(this.key(account, address));
  }

  /** A password reset proves control of the mailbox: every address's failures for the account are forgotten. */
  async resetAccount(account: string): Promise<void> {
    await this.counters.resetStartingWith(this.prefix(account));
  }
}
