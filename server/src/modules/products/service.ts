import {
  PRODUCT_NAME_TAKEN,
  PRODUCT_NOT_FOUND,
  PRODUCTS_ADMINS_ONLY_DETAIL,
  type createProductSchema,
  type Product,
  type productListQuerySchema,
  type ProductListResponse,
  type updateProductSchema,
} from '@app/shared/contracts';
import { centsToDollars, toCents } from '@app/shared/quotations';
import type { z } from 'zod';
import { isUniqueViolation } from '../../http/errors';
import { conflict, notFound } from '../../lib/refusal';
import type { ScopedDb, ScopedDbOrTx } from '../../tenancy/database';
import { type AuditActor, recordAudit } from '../audit';
import { assertMayChangeSetup, tenantsRepository } from '../tenants';
import { productsRepository, type ProductRow, type ProductValues } from './repository';

type ListFilters = Omit<z.output<typeof productListQuerySchema>, 'tenant_id'>;
type NewProduct = Omit<z.output<typeof createProductSchema>, 'tenant_id'>;
type ProductChange = z.output<typeof updateProductSchema>;

export function toProductDto(row: ProductRow): Product {
  return {
    id: row.id,
    tenant_id: row.tenantId,
    name: row.name,
    description: row.description,
    unit: row.unit,
    price: centsToDollars(row.priceCents),
    currency: row.currency,
    tax_rate: row.taxRateBp / 100,
    archived: row.archivedAt !== null,
    archived_at: row.archivedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Where the audit trail points for a product. */
const target = (row: ProductRow) => ({ tenantId: row.tenantId, targetType: 'product', targetId: row.id, targetName: row.name });
/** A price as the audit trail keeps it: its amount and currency. */
const priceOf = (row: ProductRow) => ({ amount: centsToDollars(row.priceCents), currency: row.currency });

function rethrowNameTaken(error: unknown): never {
  if (isUniqueViolation(error, 'products_tenant_name_unique')) throw conflict(PRODUCT_NAME_TAKEN);
  throw error;
}

const mayChange = (db: ScopedDbOrTx, tenantId: string) => assertMayChangeSetup(db, tenantId, PRODUCTS_ADMINS_ONLY_DETAIL);

/** The tenant of a product the caller sees by id alone; any other is not found. */
const tenantOf = async (db: ScopedDbOrTx, id: string) => (await productsRepository(db).visible(id, PRODUCT_NOT_FOUND)).tenantId;

/**
 * A tenant's products and services. Its members read the catalogue; who may change it follows the
 * tenant's Setup changes (everyone, or admins only), as statuses, stages and goals do. A price is in
 * the tenant's currency when it is set, and keeps it: a tenant that changes currency sees the old
 * prices in their own until they are set again. Each call on the caller's database (request.db).
 */
export const productsService = {
  /** tenantId has been checked by the route (request.tenant). */
  async list(db: ScopedDb, tenantId: string, filters: ListFilters): Promise<ProductListResponse> {
    const page = await productsRepository(db).page(tenantId, filters);
    return { products: page.rows.map(toProductDto), pagination: { total: page.total, page: filters.page, limit: filters.limit } };
  },

  /** tenantId has been checked by the route (request.tenant). */
  async create(db: ScopedDb, actor: AuditActor, tenantId: string, input: NewProduct): Promise<Product> {
    await mayChange(db, tenantId);
    try {
      const row = await db.transaction(async (tx) => {
        const created = await productsRepository(tx).insert(tenantId, {
          name: input.name,
          description: input.description,
          unit: input.unit,
          priceCents: toCents(input.price),
          currency: await tenantsRepository(tx).currency(tenantId),
          taxRateBp: Math.round(input.tax_rate * 100),
          createdBy: db.scope.userId,
        });
        await recordAudit(tx, actor, { ...target(created), action: 'product.created', details: { name: created.name, price: priceOf(created) } });
        return created;
      });
      return toProductDto(row);
    } catch (error) {
      rethrowNameTaken(error);
    }
  },

  /**
   * The fields sent change; a new price is in the tenant's currency of now. Archiving (or
   * restoring) is its own audit entry; any other change one entry naming the fields, and the
   * price's before and after when it changed.
   */
  async update(db: ScopedDb, actor: AuditActor, id: string, input: ProductChange): Promise<Product> {
    const tenantId = await tenantOf(db, id);
    await mayChange(db, tenantId);
    try {
      const row = await db.transaction(async (tx) => {
        const products = productsRepository(tx);
        const before = await products.findById(tenantId, id);
        if (!before) throw notFound(PRODUCT_NOT_FOUND);
        const values: ProductValues = {};
        if (input.name !== undefined) values.name = input.name;
        if (input.description !== undefined) values.description = input.description;
        if (input.unit !== undefined) values.unit = input.unit;
        if (input.tax_rate !== undefined) values.taxRateBp = Math.round(input.tax_rate * 100);
        if (input.price !== undefined) {
          values.priceCents = toCents(input.price);
          values.currency = await tenantsRepository(tx).currency(tenantId);
        }
        const archiving = input.archived !== undefined && input.archived !== (before.archivedAt !== null);
        if (archiving) values.archivedAt = input.archived ? new Date() : null;
        const after = await products.update(tenantId, id, values);
        if (!after) throw notFound(PRODUCT_NOT_FOUND);
        const fields = Object.keys(input).filter((field) => field !== 'archived' && input[field as keyof ProductChange] !== undefined);
        if (fields.length > 0) {
          const repriced = before.priceCents !== after.priceCents || before.currency !== after.currency;
          await recordAudit(tx, actor, {
            ...target(after),
            action: 'product.updated',
            details: { name: after.name, fields, ...(repriced ? { price: { from: priceOf(before), to: priceOf(after) } } : {}) },
          });
        }
        if (archiving)
          await recordAudit(tx, actor, {
            ...target(after),
            action: input.archived ? 'product.archived' : 'product.restored',
            details: { name: after.name },
          });
        return after;
      });
      return toProductDto(row);
    } catch (error) {
      rethrowNameTaken(error);
    }
  },

  /** Quotations made from it keep their lines: they hold copies, not the product. */
  async remove(db: ScopedDb, actor: AuditActor, id: string): Promise<void> {
    const tenantId = await tenantOf(db, id);
    await mayChange(db, tenantId);
    await db.transaction(async (tx) => {
      const removed = await productsRepository(tx).delete(tenantId, id);
      if (!removed) throw notFound(PRODUCT_NOT_FOUND);
      await recordAudit(tx, actor, { ...target(removed), action: 'product.deleted', details: { name: removed.name, price: priceOf(removed) } });
    });
  },
};
