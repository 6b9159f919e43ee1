import type { UserSessions } from '../users';
import { sessionsRepository } from './repository';
import type { SessionCache } from './session-cache';

/** The sessions a change to a user ends: revoked in the change's transaction, then forgotten by the cache. */
export function userSessions(cache: SessionCache): UserSessions {
  return {
    revokeAll: async (tx, userId) => {
      await sessionsRepository(tx).revokeAllOfUser(userId);
    },
    forget: (userId) => cache.forgetUser(userId),
  };
}
