import type { DbOrTx } from '../../db/client';
import { isCheckViolation, isUniqueViolation } from '../../http/errors';
import { badRequest, conflict, notFound } from '../../lib/refusal';
import type { ScopedDb, ScopedDbOrTx } from '../../tenancy/database';
import { type AuditActor, recordAudit } from '../audit';
import { assertMayChangeSetup } from '../tenants';
import { visibleOption, type OptionTable } from './repository';

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
  findById(tenantId: string, id: string): Promise<Row | undefined>;
  list(tenantId: string): Promise<Row[]>;
  insert(tenantId: string, values: Values & { name: string }): Promise<Row>;
  update(tenantId: string, id: string, values: Values): Promise<Row | undefined>;
  delete(tenantId: string, id: string): Promise<boolean>;
}

export interface OptionKind<Row, Values, Dto, Fields> {
  /** The kind's table: a by-id read checks the option's tenant against the caller's scope in it. */
  table: OptionTable;
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
  /** How the audit trail names this kind's changes. */
  audit: { targetType: 'status_option' | 'pipeline_stage' };
}

/** List, create, update and delete of a tenant's status options or pipeline stages: each call on the caller's database (request.db). */
export function tenantOptionsService<Row extends OptionRow, Values, Dto, Fields>(kind: OptionKind<Row, Values, Dto, Fields>) {
  const { targetType } = kind.audit;

  /** The trail's entry, in the change's transaction: the option's name and the fields sent. */
  function audit(tx: ScopedDbOrTx, actor: AuditActor, change: 'created' | 'updated' | 'deleted', row: Row, fields: string[]) {
    return recordAudit(tx, actor, {
      tenantId: row.tenantId,
      action: `${targetType}.${change}`,
      targetType,
      targetId: row.id,
      targetName: row.name,
      details: { name: row.name, ...(fields.length > 0 ? { fields } : {}) },
    });
  }

  /** The tenant of an option the caller sees by id alone; any other is not found. */
  async function tenantOf(db: ScopedDbOrTx, id: string): Promise<string> {
    return (await visibleOption(db, kind.table, id, kind.notFoundDetail)).tenantId;
  }

  function rethrowNameTaken(error: unknown): never {
    if (isUniqueViolation(error, kind.nameTaken.constraint)) throw conflict(kind.nameTaken.detail);
    if (kind.refused && isCheckViolation(error, kind.refused.constraint)) throw badRequest(kind.refused.detail);
    throw error;
  }

  return {
    /** tenantId has been checked by the route (request.tenant). */
    async list(db: ScopedDb, tenantId: string): Promise<Dto[]> {
      return (await kind.repository(db).list(tenantId)).map(kind.toDto);
    },

    /** tenantId has been checked by the route (request.tenant). */
    async create(db: ScopedDb, actor: AuditActor, tenantId: string, input: Fields & { name: string }): Promise<Dto> {
      await assertMayChangeSetup(db, tenantId);
      try {
        const row = await db.transaction(async (tx) => {
          const created = await kind.repository(tx).insert(tenantId, { ...kind.defaults, ...kind.toValues(input), name: input.name });
          await audit(tx, actor, 'created', created, []);
          return created;
        });
        return kind.toDto(row);
      } catch (error) {
        rethrowNameTaken(error);
      }
    },

    async update(db: ScopedDb, actor: AuditActor, id: string, input: Fields): Promise<Dto> {
      const tenantId = await tenantOf(db, id);
      await assertMayChangeSetup(db, tenantId);
      try {
        const row = await db.transaction(async (tx) => {
          const values = kind.toValues(input);
          const updated = await kind.repository(tx).update(tenantId, id, values);
          if (!updated) throw notFound(kind.notFoundDetail);
          await audit(tx, actor, 'updated', updated, Object.keys(input as object));
          return updated;
        });
        return kind.toDto(row);
      } catch (error) {
        rethrowNameTaken(error);
      }
    },

    async remove(db: ScopedDb, actor: AuditActor, id: string): Promise<void> {
      const tenantId = await tenantOf(db, id);
      await assertMayChangeSetup(db, tenantId);
      // In a transaction: deleting an option also clears it from the records that use it, and the trail keeps its name.
      await db.transaction(async (tx) => {
        const options = kind.repository(tx);
        const existing = await options.findById(tenantId, id);
        if (!existing || !(await options.delete(tenantId, id))) throw notFound(kind.notFoundDetail);
        await audit(tx, actor, 'deleted', existing, []);
      });
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
