import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { tenantQuotationProfiles } from '../../db/schema';

export type QuotationProfileRow = typeof tenantQuotationProfiles.$inferSelect;
export type QuotationProfileValues = Omit<typeof tenantQuotationProfiles.$inferInsert, 'tenantId' | 'updatedAt'>;

export function quotationProfilesRepository(db: DbOrTx) {
  return {
    async find(tenantId: string): Promise<QuotationProfileRow | undefined> {
      const [row] = await db.select().from(tenantQuotationProfiles).where(eq(tenantQuotationProfiles.tenantId, tenantId)).limit(1);
      return row;
    },

    /** The logo alone, for the PDF. */
    async findLogo(tenantId: string): Promise<string | null> {
      const [row] = await db
        .select({ logo: tenantQuotationProfiles.logoBase64 })
        .from(tenantQuotationProfiles)
        .where(eq(tenantQuotationProfiles.tenantId, tenantId))
        .limit(1);
      return row?.logo ?? null;
    },

    async upsert(tenantId: string, values: QuotationProfileValues): Promise<QuotationProfileRow> {
      const set = { ...values, updatedAt: new Date() };
      const [row] = await db
        .insert(tenantQuotationProfiles)
        .values({ tenantId, ...set })
        .onConflictDoUpdate({ target: tenantQuotationProfiles.tenantId, set })
        .returning();
      return row;
    },
  };
}
