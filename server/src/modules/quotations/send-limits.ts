import { tooManyRequests } from '../../lib/refusal';
import type { Limit } from '../../config';
import type { CounterStore } from '../../http/shared-counters';

export interface SendLimits {
  perQuotation: Limit;
  perUser: Limit;
}

const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
const span = (ms: number) => (ms % 3_600_000 === 0 ? plural(ms / 3_600_000, 'hour') : plural(minutes(ms), 'minute'));

/**
 * Each send mails the client, so one quotation cannot be mailed over and over and one account
 * cannot turn into a mail cannon. Counted in the shared counters, so the limits hold across instances.
 */
export function sendLimiter(counters: CounterStore, limits: SendLimits) {
  return {
    /** Counts one send; refuses it with 429 when the user's or the quotation's window is full. */
    async take(userId: string, quotationId: string): Promise<void> {
      const user = await counters.hit(`quotation-send:user:${userId}`, limits.perUser.windowMs);
      if (user.count > limits.perUser.max) {
        throw tooManyRequests(
          `You have sent ${plural(limits.perUser.max, 'quotation')} within ${span(limits.perUser.windowMs)}, the most allowed. Please try again in ${plural(minutes(user.ttlMs), 'minute')}.`,
        );
      }
      const quotation = await counters.hit(`quotation-send:quotation:${quotationId}`, limits.perQuotation.windowMs);
      if (quotation.count > limits.perQuotation.max) {
        throw tooManyRequests(
          `This quotation was already sent ${plural(limits.perQuotation.max, 'time')} within ${span(limits.perQuotation.windowMs)}. Please try again in ${plural(minutes(quotation.ttlMs), 'minute')}.`,
        );
      }
    },
  };
}
export type SendLimiter = ReturnType<typeof sendLimiter>;
