import type { Db, DbOrTx } from '../../db/client';
import { badRequest, conflict, isCheckViolation, isUniqueViolation, notFound } from '../../http/errors';
import { assertRowTenant, type TenantMember } from '../../tenancy/tenant-access';

/** A tenant's status option or pipeline stage, as its table holds it. */
export interface OptionRow {
  id: string;
  tenantId: string;
  name: string;
  description: string | null;
  sortOrder: number;
  isActive: boolean;
  createdAt: Date;
}

export interface OptionValues {
  name?: string;
  description?: string | null;
  sortOrder?: number;
  isActive?: boolean;
}

/** The fields every option's body may carry, after the contract's parsing. */
export interface OptionFields {
  name?: string;
  description?: string | null;
  sort_order?: number;
  is_active?: boolean;
}

/** The fields both kinds answer with. */
export function optionDto(row: OptionRow) {
  return {
    id: row.id,
    tenant_id: row.tenantId,
    name: row.name,
    description: row.description,
    sort_order: row.sortOrder,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
  };
}

/** Column values of the fields sent; a field left out keeps its value on an update. */
export function optionValues(input: OptionFields): OptionValues {
  const values: OptionValues = {};
  if (input.name !== undefined) values.name = input.name;
  // A blank description is none.
  if (input.description !== undefined) values.description = input.description || null;
  if (input.sort_order !== undefined) values.sortOrder = input.sort_order;
  if (input.is_active !== undefined) values.isActive = input.is_active;
  return values;
}

interface OptionRepository<Row, Values> {
  tenantOf(id: string): Promise<string | undefined>;
  list(tenantId: string): Promise<Row[]>;
  insert(tenantId: string, values: Values & { name: string }): Promise<Row>;
  update(tenantId: string, id: string, values: Values): Promise<Row | undefined>;
  delete(tenantId: string, id: string): Promise<boolean>;
}

export interface OptionKind<Row, Values, Dto, Fields> {
  repository: (db: DbOrTx) => OptionRepository<Row, Values>;
  toDto: (row: Row) => Dto;
  toValues: (input: Fields) => Values;
  /** Values of a new option before the fields sent. */
  defaults: Values;
  notFoundDetail: string;
  /** The unique (tenant, name) constraint, and what a clash answers (409). */
  nameTaken: { constraint: string; detail: string };
  /** A check constraint across fields, and what breaking it answers (400 naming the field). */
  refused?: { constraint: string; detail: string };
}

/** List, create, update and delete of a tenant's status options or pipeline stages. */
export function tenantOptionsService<Row, Values, Dto, Fields>(db: Db, kind: OptionKind<Row, Values, Dto, Fields>) {
  const repo = kind.repository(db);

  async function tenantOf(user: TenantMember, id: string): Promise<string> {
    return assertRowTenant(user, await repo.tenantOf(id), kind.notFoundDetail);
  }

  function rethrowNameTaken(error: unknown): never {
    if (isUniqueViolation(error, kind.nameTaken.constraint)) throw conflict(kind.nameTaken.detail);
    if (kind.refused && isCheckViolation(error, kind.refused.constraint)) throw badRequest(kind.refused.detail);
    throw error;
  }

  return {
    /** tenantId has been checked by the route (request.tenant). */
    async list(tenantId: string): Promise<Dto[]> {
      return (await repo.list(tenantId)).map(kind.toDto);
    },

    async create(tenantId: string, input: Fields & { name: string }): Promise<Dto> {
      try {
        return kind.toDto(await repo.insert(tenantId, { ...kind.defaults, ...kind.toValues(input), name: input.name }));
      } catch (error) {
        rethrowNameTaken(error);
      }
    },

    async update(user: TenantMember, id: string, input: Fields): Promise<Dto> {
      const tenantId = await tenantOf(user, id);
      try {
        const row = await repo.update(tenantId, id, kind.toValues(input));
        if (!row) throw notFound(kind.notFoundDetail);
        return kind.toDto(row);
      } catch (error) {
        rethrowNameTaken(error);
      }
    },

    async remove(user: TenantMember, id: string): Promise<void> {
      const tenantId = await tenantOf(user, id);
      // In a transaction: deleting an option also clears it from the records that use it.
      const deleted = await db.transaction((tx) => kind.repository(tx).delete(tenantId, id));
      if (!deleted) throw notFound(kind.notFoundDetail);
    },
  };
}

/** The option a create names must be one of the same tenant (else 400 with `detail`); none named: the tenant's first. */
export async function chosenOrInitial(
  options: { findById(tenantId: string, id: string): Promise<{ id: string } | undefined>; initialId(tenantId: string): Promise<string | null> },
  tenantId: string,
  id: string | null | undefined,
  detail: string,
): Promise<string | null> {
  if (!id) return options.initialId(tenantId);
  const option = await options.findById(tenantId, id);
  if (!option) throw badRequest(detail);
  return option.id;
}
