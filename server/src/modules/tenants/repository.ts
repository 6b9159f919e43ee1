import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { DEFAULT_COUNTRY, DEFAULT_CURRENCY, type SetupChanges } from '@app/shared/contracts';
import type { DbOrTx } from '../../db/client';
import { tenants } from '../../db/schema';
import type { Scope } from '../../tenancy/scope';

export type TenantRow = typeof tenants.$inferSelect;
/** The fields an edit may change. */
export type TenantValues = Partial<{
  name: string;
  domain: string;
  description: string | null;
  defaultCountry: string;
  currency: string;
  quotationReminderDays: number;
  setupChanges: SetupChanges;
}>;

/**
 * The tenants table itself. Functions that address one tenant take its id first, as every
 * repository of tenant-owned data does.
 */
export function tenantsRepository(db: DbOrTx) {
  return {
    async findById(tenantId: string): Promise<TenantRow | undefined> {
      const [row] = await db.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
      return row;
    },

    /** The country the tenant's phones written without + are read in. */
    async defaultCountry(tenantId: string): Promise<string> {
      const [row] = await db.select({ country: tenants.defaultCountry }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
      return row?.country ?? DEFAULT_COUNTRY;
    },

    /** The currency (ISO 4217) of the tenant's amounts. */
    async currency(tenantId: string): Promise<string> {
      const [row] = await db.select({ currency: tenants.currency }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
      return row?.currency ?? DEFAULT_CURRENCY;
    },

    /** Who may change the tenant's statuses, stages and goals. */
    async setupChanges(tenantId: string): Promise<SetupChanges> {
      const [row] = await db.select({ setupChanges: tenants.setupChanges }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
      return row?.setupChanges ?? 'everyone';
    },

    async findByDomain(domain: string): Promise<TenantRow | undefined> {
      const [row] = await db.select().from(tenants).where(eq(tenants.domain, domain)).limit(1);
      return row;
    },

    /** These tenants ('all': every one), as a scope's tenantIds name them. */
    list(ids: Scope['tenantIds']): Promise<TenantRow[]> {
      if (ids !== 'all' && ids.length === 0) return Promise.resolve([]);
      const query = db.select().from(tenants);
      const filtered = ids === 'all' ? query : query.where(inArray(tenants.id, ids));
      return filtered.orderBy(asc(tenants.createdAt), asc(tenants.name));
    },

    /**
     * The tenant that receives the website's enquiries, as far as the caller's wall lets them see
     * it: undefined for a user who is not in it (admins and system work see it whenever tenants exist).
     */
    async websiteInbox(): Promise<{ id: string; name: string } | undefined> {
      const [row] = await db.select({ id: tenants.id, name: tenants.name }).from(tenants).where(eq(tenants.receivesWebsiteEnquiries, true)).limit(1);
      return row;
    },

    /** Marks the tenant as the one receiving website enquiries and unmarks the one that was (in the caller's transaction). */
    async markWebsiteInbox(tenantId: string): Promise<void> {
      // Unmarking first: the one-tenant index is checked row by row, so both cannot be marked for a moment.
      await db
        .update(tenants)
        .set({ receivesWebsiteEnquiries: false })
        .where(and(eq(tenants.receivesWebsiteEnquiries, true), ne(tenants.id, tenantId)));
      await db.update(tenants).set({ receivesWebsiteEnquiries: true }).where(eq(tenants.id, tenantId));
    },

    /** A new tenant receives the website enquiries when no tenant does: the first tenant, until an admin marks another. */
    async insert(values: {
      name: string;
      domain: string;
      description: string | null;
      defaultCountry?: string;
      currency?: string;
      quotationReminderDays?: number;
      setupChanges?: SetupChanges;
    }): Promise<TenantRow> {
      const [row] = await db
        .insert(tenants)
        .values({ ...values, receivesWebsiteEnquiries: sql`not exists (select 1 from ${tenants} where ${tenants.receivesWebsiteEnquiries})` })
        .returning();
      return row;
    },

    async update(tenantId: string, values: TenantValues): Promise<TenantRow | undefined> {
      if (Object.keys(values).length === 0) return this.findById(tenantId);
      const [row] = await db.update(tenants).set(values).where(eq(tenants.id, tenantId)).returning();
      return row;
    },
  };
}
