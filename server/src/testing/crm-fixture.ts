import type { LightMyRequestResponse } from 'fastify';
import type { PipelineStage, Tenant } from '@app/shared/contracts';
import type { TestApp } from './test-app';

/**
 * Two tenants for the CRM tests: the seeded demo tenant (admin and demo staff) and a second one
 * with its own staff user, who must never see or change the demo tenant's data.
 */
export interface CrmFixture {
  demoTenantId: string;
  otherTenantId: string;
  admin: string;
  /** Staff of the demo tenant. */
  staff: string;
  /** Staff of the other tenant. */
  outsider: string;
}

export async function createCrmFixture(t: TestApp): Promise<CrmFixture> {
  const admin = await t.loginAdmin();
  const staff = await t.loginStaff();
  const created = await t.request({ method: 'POST', url: '/api/v1/crm/tenants', token: admin, body: { name: 'Other Co', domain: 'other-co.example.com' } });
  if (created.statusCode !== 201) throw new Error(`tenant: ${created.statusCode} ${created.body}`);
  const other = created.json() as Tenant;
  const user = await t.request({
    method: 'POST',
    url: '/api/v1/auth/users',
    token: admin,
    body: { email: 'outsider@example.com', password: 'outsider-password', tenant_id: other.id, is_staff: true },
  });
  if (user.statusCode !== 201) throw new Error(`user: ${user.statusCode} ${user.body}`);
  const outsider = await t.login('outsider@example.com', 'outsider-password');
  return { demoTenantId: t.seed!.tenantId, otherTenantId: other.id, admin, staff, outsider };
}

/** The JSON of a response that must have the given status; fails with the body otherwise. */
export function expectStatus<T = unknown>(response: LightMyRequestResponse, status: number): T {
  if (response.statusCode !== status) throw new Error(`expected ${status}, got ${response.statusCode}: ${response.body}`);
  return (response.body ? response.json() : undefined) as T;
}

/** The demo tenant's pipeline stages by name, as staff read them. */
export async function demoStagesByName(t: TestApp, f: CrmFixture): Promise<Record<string, PipelineStage>> {
  const list = expectStatus<PipelineStage[]>(await t.request({ url: `/api/v1/crm/pipeline-stage-options?tenant_id=${f.demoTenantId}`, token: f.staff }), 200);
  return Object.fromEntries(list.map((stage) => [stage.name, stage]));
}
