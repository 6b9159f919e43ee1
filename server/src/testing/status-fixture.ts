import type { Goal, PipelineStage, Prospect, StatusOption } from '@app/shared/contracts';
import { localDate } from '../lib/today';
import { createCrmFixture, expectStatus, type CrmFixture } from './crm-fixture';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app';

/** The CRM fixture plus what status and stage changes need: the demo tenant's options by name, a goal here and one of another tenant. */
export interface StatusFixture {
  t: TestApp;
  f: CrmFixture;
  statuses: Record<string, StatusOption>;
  stages: Record<string, PipelineStage>;
  goal: Goal;
  foreignGoal: Goal;
  /** A new prospect of the demo tenant with a phone no other prospect has. */
  newProspect: (name?: string) => Promise<Prospect>;
  changeStatus: (body: Record<string, unknown>, token?: string) => ReturnType<TestApp['request']>;
}

export async function createStatusFixture(options: TestAppOptions = {}): Promise<StatusFixture> {
  const t = await createTestApp(options);
  const f = await createCrmFixture(t);
  const byName = <T extends { name: string }>(list: T[]) => Object.fromEntries(list.map((item) => [item.name, item]));
  const statuses = byName(
    expectStatus<StatusOption[]>(await t.request({ url: `/api/v1/crm/status-options?tenant_id=${f.demoTenantId}`, token: f.staff }), 200),
  );
  const stages = byName(
    expectStatus<PipelineStage[]>(await t.request({ url: `/api/v1/crm/pipeline-stage-options?tenant_id=${f.demoTenantId}`, token: f.staff }), 200),
  );
  const goalBody = { name: 'Calls', target_count: 10, start_date: localDate(), end_date: '2999-01-01' };
  const goal = expectStatus<Goal>(
    await t.request({ method: 'POST', url: '/api/v1/crm/goals', token: f.staff, body: { ...goalBody, tenant_id: f.demoTenantId } }),
    201,
  );
  const foreignGoal = expectStatus<Goal>(
    await t.request({ method: 'POST', url: '/api/v1/crm/goals', token: f.outsider, body: { ...goalBody, tenant_id: f.otherTenantId } }),
    201,
  );
  let phone = 1000;
  const newProspect = async (name = `Prospect ${phone + 1}`) => {
    phone += 1;
    return expectStatus<Prospect>(
      await t.request({
        method: 'POST',
        url: '/api/v1/crm/prospects',
        token: f.staff,
        body: { tenant_id: f.demoTenantId, name, phone1: `+1 555 020 ${phone}`, email: `p${phone}@example.com`, city: 'Lyon' },
      }),
      201,
    );
  };
  const changeStatus = (body: Record<string, unknown>, token = f.staff) =>
    t.request({ method: 'POST', url: '/api/v1/crm/prospects/change-status', token, body });
  return { t, f, statuses, stages, goal, foreignGoal, newProspect, changeStatus };
}
