import { tenant } from '@app/shared/testing/tenant';
import type { Group, SupportMessage, Tenant, User } from '@app/shared/forms';
import { NOW, SIGNED_IN_ID, uid } from './fetch-mock';

export const ADMIN_GROUP_ROW: Group = { id: uid(11), name: 'admin', description: 'Full access, including user management' };
export const STAFF_GROUP_ROW: Group = { id: uid(12), name: 'staff', description: 'Works in the CRM' };
export const SALES_GROUP_ROW: Group = { id: uid(13), name: 'sales', description: 'Sales team' };
export const GROUPS: Group[] = [ADMIN_GROUP_ROW, STAFF_GROUP_ROW, SALES_GROUP_ROW];

export const TENANT: Tenant = tenant();

export function user(n: number, overrides: Partial<User> = {}): User {
  return {
    id: uid(100 + n),
    email: `user${n}@example.com`,
    full_name: `User ${n}`,
    is_active: true,
    is_admin: false,
    is_staff: false,
    tenant_id: null,
    created_at: NOW,
    groups: [],
    visibility: 'all',
    ...overrides,
  };
}

/** The signed-in admin (signIn() uses the same id). */
export const ME = user(0, {
  id: SIGNED_IN_ID,
  email: 'ada@example.com',
  full_name: 'Ada Admin',
  is_admin: true,
  is_staff: true,
  groups: [ADMIN_GROUP_ROW, STAFF_GROUP_ROW],
});

export function message(n: number, overrides: Partial<SupportMessage> = {}): SupportMessage {
  return {
    id: uid(500 + n),
    name: `Sender ${n}`,
    email: `sender${n}@example.com`,
    phone: null,
    subject: 'General enquiry',
    message: `Message body ${n}`,
    created_at: NOW,
    company: null,
    service: null,
    ...overrides,
  };
}
