import { type CreateTenant, type Tenant, type UpdateTenant, WEBSITE_ENQUIRIES_KEEP_DETAIL } from '@app/shared/contracts';
import type { ScopedDb } from '../../tenancy/database';
import { isUniqueViolation } from '../../http/errors';
import { badRequest, conflict, notFound } from '../../lib/refusal';
import { type AuditActor, auditRepository } from '../audit';
import { createTenantDefaults } from './tenant-defaults';
import { tenantsRepository, type TenantRow, type TenantValues } from './repository';

export const TENANT_NOT_FOUND_DETAIL = 'Tenant not found.';
export const TENANT_DOMAIN_TAKEN_DETAIL = 'A tenant with this domain already exists.';
export const WEBSITE_INBOX_RACE_DETAIL = 'Another tenant was marked as receiving website enquiries at the same time. Please try again.';

/** Two admins marking different tenants at once: the one-tenant index refuses the second. */
function websiteInboxRace(error: unknown): boolean {
  return isUniqueViolation(error, 'tenants_one_website_inbox');
}

export function toTenantDto(row: TenantRow): Tenant {
  return {
    id: row.id,
    name: row.name,
    domain: row.domain,
    description: row.description,
    default_country: row.defaultCountry,
    currency: row.currency,
    quotation_reminder_days: row.quotationReminderDays,
    setup_changes: row.setupChanges,
    receives_website_enquiries: row.receivesWebsiteEnquiries,
    created_at: row.createdAt.toISOString(),
  };
}

function tenantTarget(tenant: TenantRow) {
  return { tenantId: tenant.id, targetType: 'tenant', targetId: tenant.id, targetName: tenant.name };
}

/** Tenants: each call on the caller's database (request.db), whose scope says which tenants they use. */
export const tenantsService = {
  /** The tenants the caller works in: every one for an admin, else their home tenant. */
  async list(db: ScopedDb): Promise<Tenant[]> {
    return (await tenantsRepository(db).list(db.scope.tenantIds)).map(toTenantDto);
  },

  async create(db: ScopedDb, actor: AuditActor, input: CreateTenant): Promise<Tenant> {
    if (await tenantsRepository(db).findByDomain(input.domain)) throw conflict(TENANT_DOMAIN_TAKEN_DETAIL);
    try {
      // The default statuses and stages come with the tenant, in the same transaction.
      const row = await db.transaction(async (tx) => {
        const tenant = await tenantsRepository(tx).insert({
          name: input.name,
          domain: input.domain,
          description: input.description ?? null,
          defaultCountry: input.default_country,
          currency: input.currency,
          quotationReminderDays: input.quotation_reminder_days,
          setupChanges: input.setup_changes,
        });
        await createTenantDefaults(tx, tenant.id);
        let created = tenant;
        if (input.receives_website_enquiries && !tenant.receivesWebsiteEnquiries) {
          await tenantsRepository(tx).markWebsiteInbox(tenant.id);
          created = { ...tenant, receivesWebsiteEnquiries: true };
        }
        await auditRepository(tx).record(actor, {
          ...tenantTarget(created),
          action: 'tenant.created',
          details: { name: created.name, domain: created.domain, receives_website_enquiries: created.receivesWebsiteEnquiries },
        });
        return created;
      });
      return toTenantDto(row);
    } catch (error) {
      // Two creates of the same domain at once: the unique index decides.
      if (isUniqueViolation(error, 'tenants_domain_unique')) throw conflict(TENANT_DOMAIN_TAKEN_DETAIL);
      if (websiteInboxRace(error)) throw conflict(WEBSITE_INBOX_RACE_DETAIL);
      throw error;
    }
  },

  async update(db: ScopedDb, actor: AuditActor, tenantId: string, input: UpdateTenant): Promise<Tenant> {
    const repo = tenantsRepository(db);
    const existing = await repo.findById(tenantId);
    if (!existing) throw notFound(TENANT_NOT_FOUND_DETAIL);
    if (input.domain !== undefined && input.domain !== existing.domain) {
      const other = await repo.findByDomain(input.domain);
      if (other && other.id !== tenantId) throw conflict(TENANT_DOMAIN_TAKEN_DETAIL);
    }
    // One tenant always receives them: the mark moves by marking another, never by clearing it.
    if (input.receives_website_enquiries === false && existing.receivesWebsiteEnquiries) throw badRequest(WEBSITE_ENQUIRIES_KEEP_DETAIL);
    const marks = input.receives_website_enquiries === true && !existing.receivesWebsiteEnquiries;
    const values: TenantValues = {};
    if (input.name !== undefined) values.name = input.name;
    if (input.domain !== undefined) values.domain = input.domain;
    if (input.description !== undefined) values.description = input.description;
    if (input.default_country !== undefined) values.defaultCountry = input.default_country;
    if (input.currency !== undefined) values.currency = input.currency;
    if (input.quotation_reminder_days !== undefined) values.quotationReminderDays = input.quotation_reminder_days;
    if (input.setup_changes !== undefined) values.setupChanges = input.setup_changes;
    try {
      const row = await db.transaction(async (tx) => {
        let updated = await tenantsRepository(tx).update(tenantId, values);
        if (!updated) throw notFound(TENANT_NOT_FOUND_DETAIL);
        if (marks) {
          await tenantsRepository(tx).markWebsiteInbox(tenantId);
          updated = { ...updated, receivesWebsiteEnquiries: true };
        }
        await auditRepository(tx).record(actor, {
          ...tenantTarget(updated),
          action: 'tenant.updated',
          details: {
            name: updated.name,
            domain: updated.domain,
            fields: marks ? [...Object.keys(values), 'receivesWebsiteEnquiries'] : Object.keys(values),
          },
        });
        return updated;
      });
      return toTenantDto(row);
    } catch (error) {
      if (isUniqueViolation(error, 'tenants_domain_unique')) throw conflict(TENANT_DOMAIN_TAKEN_DETAIL);
      if (websiteInboxRace(error)) throw conflict(WEBSITE_INBOX_RACE_DETAIL);
      throw error;
    }
  },
};
