import type { CreateStatusOption, StatusOption, UpdateStatusOption } from '@app/shared/contracts';
import type { Db } from '../../db/client';
import { conflict, isUniqueViolation, notFound } from '../../http/errors';
import { assertRowTenant, type TenantMember } from '../../tenancy/tenant-access';
import { statusOptionsRepository, type StatusOptionRow, type StatusOptionValues } from './repository';

export const STATUS_OPTION_NOT_FOUND_DETAIL = 'Status option not found.';
export const STATUS_NAME_TAKEN_DETAIL = 'A status option with this name already exists.';

export function toStatusOptionDto(row: StatusOptionRow): StatusOption {
  return {
    id: row.id,
    tenant_id: row.tenantId,
    name: row.name,
    description: row.description,
    sort_order: row.sortOrder,
    is_active: row.isActive,
    converts_to_lead: row.convertsToLead,
    removes_from_prospects: row.removesFromProspects,
    created_at: row.createdAt.toISOString(),
  };
}

type StatusFields = Omit<UpdateStatusOption, 'sort_order'> & { sort_order?: number };

function toValues(input: StatusFields): StatusOptionValues {
  const values: StatusOptionValues = {};
  if (input.name !== undefined) values.name = input.name;
  // A blank description is none.
  if (input.description !== undefined) values.description = input.description || null;
  if (input.sort_order !== undefined) values.sortOrder = input.sort_order;
  if (input.is_active !== undefined) values.isActive = input.is_active;
  if (input.converts_to_lead !== undefined) values.convertsToLead = input.converts_to_lead;
  if (input.removes_from_prospects !== undefined) values.removesFromProspects = input.removes_from_prospects;
  return values;
}

function rethrowNameTaken(error: unknown): never {
  if (isUniqueViolation(error, 'status_options_tenant_name_unique')) throw conflict(STATUS_NAME_TAKEN_DETAIL);
  throw error;
}

export function statusOptionsService(db: Db) {
  const repo = statusOptionsRepository(db);

  async function tenantOf(user: TenantMember, id: string): Promise<string> {
    return assertRowTenant(user, await repo.tenantOf(id), STATUS_OPTION_NOT_FOUND_DETAIL);
  }

  return {
    /** tenantId has been checked by the route (request.tenant). */
    async list(tenantId: string): Promise<StatusOption[]> {
      return (await repo.list(tenantId)).map(toStatusOptionDto);
    },

    async create(tenantId: string, input: Omit<CreateStatusOption, 'tenant_id' | 'sort_order'> & { sort_order?: number }): Promise<StatusOption> {
      try {
        return toStatusOptionDto(await repo.insert(tenantId, { sortOrder: 0, ...toValues(input), name: input.name }));
      } catch (error) {
        rethrowNameTaken(error);
      }
    },

    async update(user: TenantMember, id: string, input: StatusFields): Promise<StatusOption> {
      const tenantId = await tenantOf(user, id);
      try {
        const row = await repo.update(tenantId, id, toValues(input));
        if (!row) throw notFound(STATUS_OPTION_NOT_FOUND_DETAIL);
        return toStatusOptionDto(row);
      } catch (error) {
        rethrowNameTaken(error);
      }
    },

    async remove(user: TenantMember, id: string): Promise<void> {
      const tenantId = await tenantOf(user, id);
      const deleted = await db.transaction((tx) => statusOptionsRepository(tx).delete(tenantId, id));
      if (!deleted) throw notFound(STATUS_OPTION_NOT_FOUND_DETAIL);
    },
  };
}
