import { emailAccountSchema, type EmailAccount } from '@app/shared/contracts';
import { expectStatus } from '../../../testing/crm-fixture';
import type { TestApp } from '../../../testing/test-app';

export const ACCOUNTS = '/api/v1/email/accounts';

/** Signs in a fresh user (created by the demo admin) so each test owns a clean set of accounts. */
export async function newUser(t: TestApp, admin: string, name: string, extra: Record<string, unknown> = {}): Promise<string> {
  const email = `${name}@example.com`;
  expectStatus(
    await t.request({ method: 'POST', url: '/api/v1/auth/users', token: admin, body: { email, password: `${name}-password`, is_staff: true, ...extra } }),
    201,
  );
  return t.login(email, `${name}-password`);
}

export async function addAccount(t: TestApp, token: string, body: Record<string, unknown>): Promise<EmailAccount> {
  return emailAccountSchema.parse(expectStatus(await t.request({ method: 'POST', url: ACCOUNTS, token, body }), 201));
}

export async function reveal(t: TestApp, token: string, id: string) {
  return t.request({ url: `${ACCOUNTS}/${id}/password`, token });
}
