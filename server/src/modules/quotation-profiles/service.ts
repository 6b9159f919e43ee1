import {
  logoBytes,
  logoType,
  QUOTATION_LOGO_NOT_IMAGE,
  QUOTATION_LOGO_TOO_MANY_PIXELS,
  type QuotationProfile,
  type UpdateQuotationProfile,
} from '@app/shared/contracts';
import { QUOTATION_DEFAULTS } from '@app/shared/quotations';
import { badRequest, notFound } from '../../lib/refusal';
import type { ImageVerdict } from '../../lib/printable-image';
import type { ScopedDb } from '../../tenancy/database';
import { worksInTenant } from '../../tenancy/scope';
import { type AuditActor, recordAudit } from '../audit';
import { tenantsRepository, TENANT_NOT_FOUND_DETAIL } from '../tenants';
import { quotationProfilesRepository, type QuotationProfileRow } from './repository';

function toDto(tenantId: string, row: QuotationProfileRow | undefined): QuotationProfile {
  return {
    tenant_id: tenantId,
    company_name: row?.companyName ?? '',
    company_address: row?.companyAddress ?? '',
    company_phone: row?.companyPhone ?? '',
    company_email: row?.companyEmail ?? '',
    company_website: row?.companyWebsite ?? '',
    tax_rate: row ? row.taxRateBp / 100 : QUOTATION_DEFAULTS.taxRate,
    terms: row?.terms ?? '',
    logo: row?.logoBase64 ?? null,
    logo_type: (row?.logoType as QuotationProfile['logo_type']) ?? null,
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

/** Judges a logo (the PDF renderer's judgeLogo: the pixel budget, a full decode, and whether its PDFs can print it). */
export type JudgeLogo = (bytes: Buffer) => Promise<ImageVerdict>;

/** Another tenant's profile (one the caller does not work in), like a tenant that does not exist, is not found. */
async function tenantOf(db: ScopedDb, tenantId: string): Promise<string> {
  const id = tenantId.toLowerCase();
  if (!worksInTenant(db.scope, id) || !(await tenantsRepository(db).findById(id))) throw notFound(TENANT_NOT_FOUND_DETAIL);
  return id;
}

/**
 * The sender a tenant's new quotations start from: its members read it, admins write it. Each call
 * on the caller's database (request.db), whose scope says which tenants they work in.
 */
export function quotationProfilesService(judgeLogo: JudgeLogo) {
  return {
    async get(db: ScopedDb, tenantId: string): Promise<QuotationProfile> {
      const id = await tenantOf(db, tenantId);
      return toDto(id, await quotationProfilesRepository(db).find(id));
    },

    async put(db: ScopedDb, tenantId: string, input: UpdateQuotationProfile, actor: AuditActor): Promise<QuotationProfile> {
      const id = await tenantOf(db, tenantId);
      let logo: { logoBase64: string | null; logoType: string | null } | undefined;
      if (input.logo === null) logo = { logoBase64: null, logoType: null };
      else if (input.logo !== undefined) {
        const bytes = logoBytes(input.logo);
        const type = logoType(bytes);
        // Bytes that only look like a PNG or JPEG, or that would unpack to too many pixels, are refused here, not when a PDF is made.
        const verdict = type ? await judgeLogo(Buffer.from(bytes)) : 'not-printable';
        if (verdict === 'too-large') throw badRequest(QUOTATION_LOGO_TOO_MANY_PIXELS);
        if (verdict !== 'printable' || !type) throw badRequest(QUOTATION_LOGO_NOT_IMAGE);
        logo = { logoBase64: input.logo, logoType: type };
      }
      const row = await quotationProfilesRepository(db).upsert(id, {
        companyName: input.company_name,
        companyAddress: input.company_address,
        companyPhone: input.company_phone,
        companyEmail: input.company_email,
        companyWebsite: input.company_website,
        taxRateBp: Math.round(input.tax_rate * 100),
        terms: input.terms,
        ...logo,
      });
      // The logo is named by whether it changed, not by its bytes.
      await recordAudit(db, actor, {
        tenantId: id,
        action: 'quotation_profile.updated',
        targetType: 'tenant',
        targetId: id,
        details: {
          fields: Object.keys(input).filter((field) => field !== 'logo'),
          logo: input.logo === undefined ? 'kept' : input.logo === null ? 'removed' : 'replaced',
        },
      });
      return toDto(id, row);
    },

    /** The logo's bytes for a PDF of the tenant (null without one). */
    async logo(db: ScopedDb, tenantId: string): Promise<Buffer | null> {
      const base64 = await quotationProfilesRepository(db).findLogo(tenantId);
      return base64 ? Buffer.from(base64, 'base64') : null;
    },
  };
}
