import { DEFAULT_STAGE_COLOR, type CreatePipelineStage, type PipelineStage, type UpdatePipelineStage } from '@app/shared/contracts';
import type { Db } from '../../db/client';
import { conflict, isUniqueViolation, notFound } from '../../http/errors';
import { assertRowTenant, type TenantMember } from '../../tenancy/tenant-access';
import { pipelineStagesRepository, type PipelineStageRow, type PipelineStageValues } from './repository';

export const PIPELINE_STAGE_NOT_FOUND_DETAIL = 'Pipeline stage not found.';
export const STAGE_NAME_TAKEN_DETAIL = 'A pipeline stage with this name already exists.';

export function toPipelineStageDto(row: PipelineStageRow): PipelineStage {
  return {
    id: row.id,
    tenant_id: row.tenantId,
    name: row.name,
    description: row.description,
    sort_order: row.sortOrder,
    is_active: row.isActive,
    color: row.color,
    created_at: row.createdAt.toISOString(),
  };
}

type StageFields = Omit<UpdatePipelineStage, 'sort_order'> & { sort_order?: number };

function toValues(input: StageFields): PipelineStageValues {
  const values: PipelineStageValues = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.description !== undefined) values.description = input.description || null;
  if (input.sort_order !== undefined) values.sortOrder = input.sort_order;
  if (input.is_active !== undefined) values.isActive = input.is_active;
  // Colours are stored in upper case so '#6b7280' and '#6B7280' are one colour.
  if (input.color !== undefined) values.color = input.color.toUpperCase();
  return values;
}

function rethrowNameTaken(error: unknown): never {
  if (isUniqueViolation(error, 'pipeline_stages_tenant_name_unique')) throw conflict(STAGE_NAME_TAKEN_DETAIL);
  throw error;
}

export function pipelineStagesService(db: Db) {
  const repo = pipelineStagesRepository(db);

  async function tenantOf(user: TenantMember, id: string): Promise<string> {
    return assertRowTenant(user, await repo.tenantOf(id), PIPELINE_STAGE_NOT_FOUND_DETAIL);
  }

  return {
    /** tenantId has been checked by the route (request.tenant). */
    async list(tenantId: string): Promise<PipelineStage[]> {
      return (await repo.list(tenantId)).map(toPipelineStageDto);
    },

    async create(tenantId: string, input: Omit<CreatePipelineStage, 'tenant_id' | 'sort_order'> & { sort_order?: number }): Promise<PipelineStage> {
      try {
        const values = { sortOrder: 0, color: DEFAULT_STAGE_COLOR, ...toValues(input), name: input.name };
        return toPipelineStageDto(await repo.insert(tenantId, values));
      } catch (error) {
        rethrowNameTaken(error);
      }
    },

    async update(user: TenantMember, id: string, input: StageFields): Promise<PipelineStage> {
      const tenantId = await tenantOf(user, id);
      try {
        const row = await repo.update(tenantId, id, toValues(input));
        if (!row) throw notFound(PIPELINE_STAGE_NOT_FOUND_DETAIL);
        return toPipelineStageDto(row);
      } catch (error) {
        rethrowNameTaken(error);
      }
    },

    async remove(user: TenantMember, id: string): Promise<void> {
      const tenantId = await tenantOf(user, id);
      const deleted = await db.transaction((tx) => pipelineStagesRepository(tx).delete(tenantId, id));
      if (!deleted) throw notFound(PIPELINE_STAGE_NOT_FOUND_DETAIL);
    },
  };
}
