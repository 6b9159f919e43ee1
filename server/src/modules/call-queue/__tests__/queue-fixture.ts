import type { CallCard } from '@app/shared/contracts';
import { createStatusFixture, type StatusFixture } from '../../../testing/status-fixture';

/** The status fixture with a clock the test moves, and the queue's requests. */
export interface QueueFixture extends StatusFixture {
  /** Moves the server's clock forward. */
  advance: (ms: number) => void;
  now: () => Date;
  next: (token?: string, filter?: Record<string, unknown>) => Promise<{ status: number; card: CallCard | null; body: string }>;
  outcome: (prospectId: string, body: Record<string, unknown>, token?: string) => ReturnType<StatusFixture['t']['request']>;
  skip: (prospectId: string, token?: string) => ReturnType<StatusFixture['t']['request']>;
}

export async function createQueueFixture(): Promise<QueueFixture> {
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  const fixture = await createStatusFixture({ clock: now });
  const { t, f, goal } = fixture;
  return {
    ...fixture,
    now,
    advance: (ms) => {
      offset += ms;
    },
    async next(token = f.staff, filter = {}) {
      const response = await t.request({
        method: 'POST',
        url: '/api/v1/crm/call-queue/next',
        token,
        body: { tenant_id: f.demoTenantId, goal_id: goal.id, filter },
      });
      return { status: response.statusCode, card: response.statusCode === 200 ? (response.json() as CallCard) : null, body: response.body };
    },
    outcome: (prospectId, body, token = f.staff) =>
      t.request({ method: 'POST', url: `/api/v1/crm/call-queue/${prospectId}/outcome`, token, body: { goal_id: goal.id, ...body } }),
    skip: (prospectId, token = f.staff) => t.request({ method: 'POST', url: `/api/v1/crm/call-queue/${prospectId}/skip`, token }),
  };
}

/** Staff users of the demo tenant, logged in: the parallel callers. */
export async function demoCallers(fixture: StatusFixture, count: number): Promise<string[]> {
  const { t, f } = fixture;
  const tokens: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const email = `caller${i}@example.com`;
    const created = await t.request({
      method: 'POST',
      url: '/api/v1/auth/users',
      token: f.admin,
      body: { email, password: 'caller-password', tenant_id: f.demoTenantId, is_staff: true },
    });
    if (created.statusCode !== 201) throw new Error(`caller: ${created.statusCode} ${created.body}`);
    tokens.push(await t.login(email, 'caller-password'));
  }
  return tokens;
}
