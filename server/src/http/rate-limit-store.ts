import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { CounterStore } from './shared-counters';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

/** @fastify/rate-limit's store over the shared counters, so the limits hold across every instance of the server. */
export function sharedRateLimitStore(counters: CounterStore): FastifyRateLimitStoreCtor {
  return class SharedStore implements FastifyRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number) {
      counters.hit(`rate:${key}`, timeWindow).then(
        (state) => callback(null, { current: state.count, ttl: state.ttlMs }),
        (error: Error) => callback(error),
      );
    }

    // Routes are told apart by their keys (limitEachRouteApart), so every route shares this one store.
    child() {
      return this;
    }
  };
}

/**
 * Each limited route counts apart from the others (its method and URL join the plugin's documented
 * groupId, which the plugin adds to the key), so a login does not spend the password-reset budget of
 * the same address. Routes that name a groupId still count apart per route, as they always have.
 * Added before the plugin's own onRoute hook, which reads the route's settings; the settings are
 * replaced, not changed, because Fastify's automatic HEAD route shares the GET route's config.
 */
function limitEachRouteApart(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const limit = route.config?.rateLimit;
    if (!limit) return;
    const groupId = `${limit.groupId ?? ''}@${[route.method].flat().join(',')} ${route.url}`;
    route.config = { ...route.config, rateLimit: { ...limit, groupId } };
  });
}

/** Rate limits on the routes that ask for them (none by default), counted in the shared counters. */
export async function registerRateLimits(app: FastifyInstance, counters: CounterStore) {
  limitEachRouteApart(app);
  await app.register(rateLimit, { global: false, store: sharedRateLimitStore(counters) });
}
