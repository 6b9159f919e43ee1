import type { Goal, Lead, PipelineStage, Prospect, StatusOption, Task } from '@app/shared/forms';
import { NOW, uid } from './fetch-mock';

import { TENANT_ID } from '@app/shared/testing/tenant';

export { TENANT_ID, tenant } from '@app/shared/testing/tenant';

export function statusOption(n: number, overrides: Partial<StatusOption> = {}): StatusOption {
  return {
    id: uid(100 + n),
    tenant_id: TENANT_ID,
    name: `Status ${n}`,
    description: null,
    sort_order: n,
    is_active: true,
    converts_to_lead: false,
    removes_from_prospects: false,
    is_callback: false,
    created_at: NOW,
    ...overrides,
  };
}

export function stage(n: number, overrides: Partial<PipelineStage> = {}): PipelineStage {
  return {
    id: uid(200 + n),
    tenant_id: TENANT_ID,
    name: `Stage ${n}`,
    description: null,
    sort_order: n,
    is_active: true,
    color: '#2563EB',
    kind: 'open',
    probability: 10 * n,
    created_at: NOW,
    ...overrides,
  };
}

const company = {
  phone2: null,
  phone3: null,
  phone2_e164: null,
  phone3_e164: null,
  phone2_shown: null,
  phone3_shown: null,
  email: null,
  industry: null,
  city: null,
  website: null,
  anchor_href_link: null,
  manager: null,
  employees: null,
  founding_date: null,
  address: null,
  description: null,
  status_id: null,
  status_name: null,
  last_contacted: null,
  pipeline_stage_id: null,
  pipeline_stage_name: null,
  pipeline_stage_color: '#6B7280',
  owner_id: null,
};

export function prospect(n: number, overrides: Partial<Prospect> = {}): Prospect {
  return {
    ...company,
    id: uid(300 + n),
    tenant_id: TENANT_ID,
    name: `Prospect ${n}`,
    phone1: `+1 555 000 ${String(n).padStart(4, '0')}`,
    phone1_e164: `+1555000${String(n).padStart(4, '0')}`,
    phone1_shown: `+1 555 000 ${String(n).padStart(4, '0')}`,
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
  };
}

export function lead(n: number, overrides: Partial<Lead> = {}): Lead {
  return {
    ...company,
    id: uid(400 + n),
    tenant_id: TENANT_ID,
    prospect_id: null,
    assigned_to: null,
    value: null,
    expected_close_date: null,
    probability: 10,
    own_probability: null,
    stage_probability: 10,
    won_at: null,
    lost_at: null,
    lost_reason: null,
    name: `Lead ${n}`,
    phone1: `+1 555 100 ${String(n).padStart(4, '0')}`,
    phone1_e164: `+1555100${String(n).padStart(4, '0')}`,
    phone1_shown: `+1 555 100 ${String(n).padStart(4, '0')}`,
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
  };
}

export function goal(n: number, overrides: Partial<Goal> = {}): Goal {
  return {
    id: uid(500 + n),
    tenant_id: TENANT_ID,
    user_id: null,
    name: `Goal ${n}`,
    description: null,
    target_count: 10,
    start_date: '2026-03-01',
    end_date: '2026-03-31',
    created_at: '2026-02-20T10:00:00.000Z',
    daily_calls: [],
    ...overrides,
  };
}

export function page<K extends 'prospects' | 'leads', T>(key: K, rows: T[], total = rows.length, pageNumber = 1) {
  return { [key]: rows, pagination: { total, page: pageNumber, limit: 20 } } as { [P in K]: T[] } & {
    pagination: { total: number; page: number; limit: number };
  };
}

/** An open call task on prospect uid(100), due 2030-05-04 at 09:30. */
export function task(n: number, overrides: Partial<Task> = {}): Task {
  return {
    id: uid(200 + n),
    type: 'call',
    title: `Task ${n}`,
    due_date: '2030-05-04',
    due_time: '09:30',
    owner_id: null,
    owner_name: null,
    prospect_id: uid(100),
    lead_id: null,
    record_name: 'Northwind',
    callback_id: null,
    done: false,
    done_at: null,
    done_by_name: null,
    created_at: '2030-05-01T08:00:00.000Z',
    ...overrides,
  };
}
