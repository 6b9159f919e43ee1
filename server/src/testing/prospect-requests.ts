import { prospectListResponseSchema, prospectSchema, type Prospect, type ProspectListResponse } from '@app/shared/contracts';
import { expectStatus, type CrmFixture } from './crm-fixture';
import type { TestApp } from './test-app';

/** Create, list and read prospects as a user of the fixture (the demo tenant's staff unless told otherwise). */
export function prospectRequests(t: TestApp, f: CrmFixture) {
  const create = async (body: Record<string, unknown>, tenantId = f.demoTenantId, token = f.staff): Promise<Prospect> =>
    prospectSchema.parse(expectStatus(await t.request({ method: 'POST', url: '/api/v1/crm/prospects', token, body: { tenant_id: tenantId, ...body } }), 201));
  const list = async (query: string, tenantId = f.demoTenantId, token = f.staff): Promise<ProspectListResponse> =>
    prospectListResponseSchema.parse(expectStatus(await t.request({ url: `/api/v1/crm/prospects?tenant_id=${tenantId}&${query}`, token }), 200));
  const get = (id: string, token = f.staff) => t.request({ url: `/api/v1/crm/prospects/${id}`, token });
  return { create, list, get };
}
