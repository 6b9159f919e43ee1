import { ADMIN_GROUP, STAFF_GROUP, type Tenant, type User, type Visibility } from '@app/shared/forms';
import { type BadgeTone } from '@app/shared';

export function displayName(user: Pick<User, 'full_name'>): string {
  return user.full_name.trim() || 'No Name';
}

/** 'No Tenant' when the user has none; 'Unknown Tenant' when it is not among the loaded tenants. */
export function tenantLabel(tenantId: string | null, tenants: readonly Tenant[] | undefined): string {
  if (!tenantId) return 'No Tenant';
  return tenants?.find((tenant) => tenant.id === tenantId)?.name ?? 'Unknown Tenant';
}

export function groupTone(groupName: string): BadgeTone {
  if (groupName === ADMIN_GROUP) return 'danger';
  if (groupName === STAFF_GROUP) return 'info';
  return 'neutral';
}

/** The Visibility select's choices, in the order of how much they show. */
export const VISIBILITY_OPTIONS: ReadonlyArray<{ value: Visibility; label: string }> = [
  { value: 'own', label: 'Own records' },
  { value: 'team', label: 'Team records' },
  { value: 'all', label: 'All records' },
];

export function visibilityLabel(visibility: Visibility): string {
  return VISIBILITY_OPTIONS.find((option) => option.value === visibility)?.label ?? visibility;
}
