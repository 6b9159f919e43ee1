import { z } from 'zod';
import { quotationDraftFields } from './quotations';

/** A logo is a PNG or JPEG file of at most 200 KB, sent and answered as base64. */
export const QUOTATION_LOGO_MAX_BYTES = 200 * 1024;
export const QUOTATION_LOGO_TOO_LARGE = 'logo: must be at most 200 KB.';
export const QUOTATION_LOGO_NOT_IMAGE = 'logo: must be a PNG or JPEG image.';
/**
 * The most a logo may take once decoded: width × height × bytes per pixel (its channels' samples:
 * 4 for RGBA at 8 bits, 8 at 16 bits), read from its header before any pixel is decoded. 2048 × 1024
 * with transparency fits; a 200 KB file could otherwise unpack to gigabytes, and every PDF of the
 * tenant draws the logo again.
 */
export const QUOTATION_LOGO_PIXEL_BUDGET_BYTES = 8 * 1024 * 1024;
export const QUOTATION_LOGO_TOO_MANY_PIXELS =
  'logo: the image has too many pixels (at most 8 MB decoded, such as 2048 × 1024 with transparency); scale it down and upload it again.';
export type QuotationLogoType = 'image/png' | 'image/jpeg';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The logo's bytes, decoded from base64 (in the browser and on the server alike). */
export function logoBytes(base64: string): Uint8Array {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/**
 * What the bytes are, whatever the file was called: a PNG starts with its signature and an IHDR chunk
 * and ends with IEND; a JPEG starts with SOI and a marker and ends with EOI. Anything else is null.
 */
export function logoType(bytes: Uint8Array): QuotationLogoType | null {
  const at = (offset: number, text: string) => [...text].every((char, i) => bytes[offset + i] === char.charCodeAt(0));
  if (bytes.length > 57 && PNG_SIGNATURE.every((byte, i) => bytes[i] === byte) && at(12, 'IHDR') && at(bytes.length - 8, 'IEND')) return 'image/png';
  if (bytes.length > 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff && bytes.at(-2) === 0xff && bytes.at(-1) === 0xd9) return 'image/jpeg';
  return null;
}

const logoSchema = z
  .string({ error: 'logo: must be a base64 text' })
  // base64 of 200 KB is 4/3 as long; longer cannot fit.
  .max(Math.ceil(QUOTATION_LOGO_MAX_BYTES / 3) * 4 + 4, QUOTATION_LOGO_TOO_LARGE)
  .regex(BASE64, 'logo: must be a base64 text')
  .refine((value) => value.length % 4 === 0, 'logo: must be a base64 text')
  .superRefine((value, context) => {
    // zod runs this after a failed pattern too; such text is not decoded.
    if (!BASE64.test(value) || value.length % 4 !== 0) return;
    const bytes = logoBytes(value);
    if (bytes.length > QUOTATION_LOGO_MAX_BYTES) context.addIssue({ code: 'custom', message: QUOTATION_LOGO_TOO_LARGE });
    else if (!logoType(bytes)) context.addIssue({ code: 'custom', message: QUOTATION_LOGO_NOT_IMAGE });
  });

/** The sender fields a tenant's new quotations start from: the draft's own fields and rules. */
const profileFields = {
  company_name: quotationDraftFields.company_name,
  company_address: quotationDraftFields.company_address,
  company_phone: quotationDraftFields.company_phone,
  company_email: quotationDraftFields.company_email,
  company_website: quotationDraftFields.company_website,
  tax_rate: quotationDraftFields.tax_rate,
  terms: quotationDraftFields.terms,
};
export const QUOTATION_PROFILE_TEXT_FIELDS = ['company_name', 'company_address', 'company_phone', 'company_email', 'company_website', 'terms'] as const;

/** PUT /crm/tenants/{id}/quotation-profile (admins): the whole profile; `logo` left out keeps the logo, null removes it. */
export const updateQuotationProfileSchema = z.object({ ...profileFields, logo: logoSchema.nullable().optional() });
export type UpdateQuotationProfileInput = z.input<typeof updateQuotationProfileSchema>;
export type UpdateQuotationProfile = z.output<typeof updateQuotationProfileSchema>;

/** A tenant's quotation profile; a tenant that never saved one answers the blank profile with the default tax rate. */
export const quotationProfileSchema = z.object({
  tenant_id: z.uuid(),
  company_name: z.string(),
  company_address: z.string(),
  company_phone: z.string(),
  company_email: z.string(),
  company_website: z.string(),
  tax_rate: z.number(),
  terms: z.string(),
  /** The logo as base64, and what its bytes are. */
  logo: z.string().nullable(),
  logo_type: z.enum(['image/png', 'image/jpeg']).nullable(),
  updated_at: z.string().nullable(),
});
export type QuotationProfile = z.infer<typeof quotationProfileSchema>;
