import { and, asc, eq, isNotNull, isNull, like, sql, type SQL } from 'drizzle-orm';
import type { ProductStatus } from '@app/shared/contracts';
import { containsPattern } from '../../db/raw-sql';
import { products } from '../../db/schema';
import { notFound } from '../../lib/refusal';
import type { ScopedDbOrTx } from '../../tenancy/database';
import { tenantFilter } from '../../tenancy/scope';

export type ProductRow = typeof products.$inferSelect;
export type ProductValues = Partial<Pick<ProductRow, 'name' | 'description' | 'unit' | 'priceCents' | 'currency' | 'taxRateBp' | 'archivedAt'>>;

export interface ProductFilters {
  q?: string;
  status: ProductStatus;
  currency?: string;
  page: number;
  limit: number;
}

function listWhere(tenantId: string, filters: ProductFilters): SQL {
  const conditions: SQL[] = [eq(products.tenantId, tenantId)];
  if (filters.status === 'active') conditions.push(isNull(products.archivedAt));
  if (filters.status === 'archived') conditions.push(isNotNull(products.archivedAt));
  if (filters.currency) conditions.push(eq(products.currency, filters.currency));
  // Composed (NFC), as the CRM's lists read q: a combining accent typed or pasted finds the accented name.
  if (filters.q) conditions.push(like(products.searchText, containsPattern(filters.q.normalize('NFC'))));
  return and(...conditions)!;
}

/** A tenant's catalogue as the caller's database handle sees it; every other call names the tenant, which the caller has checked. */
export function productsRepository(db: ScopedDbOrTx) {
  const ofTenant = (tenantId: string, id: string) => and(eq(products.tenantId, tenantId), eq(products.id, id));
  return {
    /** A product by id alone in a tenant the caller works in; any other answers not-found (another tenant's id tells nothing). */
    async visible(id: string, detail: string): Promise<ProductRow> {
      const [row] = await db
        .select()
        .from(products)
        .where(and(eq(products.id, id), tenantFilter(products.tenantId, db.scope)))
        .limit(1);
      if (!row) throw notFound(detail);
      return row;
    },

    async findById(tenantId: string, id: string): Promise<ProductRow | undefined> {
      const [row] = await db.select().from(products).where(ofTenant(tenantId, id)).limit(1);
      return row;
    },

    /** A page by name (as the unique index orders it), with the count of all that match. */
    async page(tenantId: string, filters: ProductFilters): Promise<{ rows: ProductRow[]; total: number }> {
      const where = listWhere(tenantId, filters);
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(products)
          .where(where)
          .orderBy(asc(sql`lower(${products.name})`), asc(products.id))
          .limit(filters.limit)
          .offset((filters.page - 1) * filters.limit),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(products)
          .where(where),
      ]);
      return { rows, total: Number(counted?.total ?? 0) };
    },

    async insert(tenantId: string, values: Required<Omit<ProductValues, 'archivedAt'>> & { createdBy: string | null }): Promise<ProductRow> {
      const [row] = await db
        .insert(products)
        .values({ ...values, tenantId })
        .returning();
      return row;
    },

    async update(tenantId: string, id: string, values: ProductValues): Promise<ProductRow | undefined> {
      const [row] = await db
        .update(products)
        .set({ ...values, updatedAt: new Date() })
        .where(ofTenant(tenantId, id))
        .returning();
      return row;
    },

    async delete(tenantId: string, id: string): Promise<ProductRow | undefined> {
      const [row] = await db.delete(products).where(ofTenant(tenantId, id)).returning();
      return row;
    },
  };
}
