import type { User } from '@app/shared/forms';
import { mockFetch, type MockRequest, type MockResponse } from '../../../../test/fetch-mock';
import { GROUPS, TENANT } from '../../../../test/fixtures';

/** The users API as the screen sees it; `extra` answers (or overrides) any request first. */
export function usersApi(users: User[] | Promise<MockResponse>, extra?: (request: MockRequest) => MockResponse | Promise<MockResponse> | undefined) {
  return mockFetch((request) => {
    const custom = extra?.(request);
    if (custom) return custom;
    if (request.method !== 'GET') return undefined;
    switch (request.path) {
      case '/auth/users':
        return Array.isArray(users) ? { body: users } : users;
      case '/auth/groups':
        return { body: GROUPS };
      case '/crm/tenants':
        return { body: [TENANT] };
      case '/crm/teams':
        return { body: [] };
      default:
        return undefined;
    }
  });
}
