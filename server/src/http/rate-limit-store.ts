import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { CounterStore } from './shared-counters';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

/**
 * @fastify/rate-limit's store over the shared counters: each limited route counts in its own
 * namespace (method and URL), so the limits hold across every instance of the server.
 */
export function sharedRateLimitStore(counters: CounterStore): FastifyRateLimitStoreCtor {
  class SharedStore {
    constructor(
      _options: unknown,
      private readonly namespace = 'rate:',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number) {
      counters.hit(`${this.namespace}${key}`, timeWindow).then(
        (state) => callback(null, { current: state.count, ttl: state.ttlMs }),
        (error: Error) => callback(error),
      );
    }

    // At run time the plugin passes the route's merged limit settings, the route itself under routeInfo.
    child(settings: unknown) {
      const route = (settings as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      return new SharedStore(undefined, `rate:${[route.method].flat().join(',')} ${route.url ?? ''}:`);
    }
  }
  return SharedStore as unknown as FastifyRateLimitStoreCtor;
}
