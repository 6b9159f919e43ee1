import { z } from 'zod';
import { EMAIL_ADDRESS_PATTERN } from './common';
import { importFileNameSchema } from './imports';
import { listQuerySchema, optionalText, paginationSchema, tenantIdSchema } from './crm-common';
import { uploadAssignSchema } from './owners';
import { isSafeText, unsafeTextDetail } from './unsafe-text';
import { webHref, websiteInvalidDetail } from '../format/web-link';

export const COMPANY_NAME_REQUIRED = 'Company name is required';
export const PHONE1_REQUIRED = 'Phone1 is required';

/** Limits on what one company record may hold; the upload checks the same numbers. */
export const COMPANY_LIMITS = {
  name: 300,
  phone: 50,
  email: 254,
  industry: 100,
  city: 120,
  website: 500,
  anchor_href_link: 1000,
  manager: 200,
  employees: 50,
  founding_date: 4,
  address: 500,
  description: 5000,
} as const;

/** A company's name and first phone: every prospect and lead has them. */
const requiredCompanyFields = {
  name: z
    .string({ error: COMPANY_NAME_REQUIRED })
    .trim()
    .min(1, COMPANY_NAME_REQUIRED)
    .max(COMPANY_LIMITS.name, `name: must be at most ${COMPANY_LIMITS.name} characters`)
    .refine(isSafeText, unsafeTextDetail('name')),
  phone1: z
    .string({ error: PHONE1_REQUIRED })
    .trim()
    .min(1, PHONE1_REQUIRED)
    .max(COMPANY_LIMITS.phone, `phone1: must be at most ${COMPANY_LIMITS.phone} characters`)
    .refine(isSafeText, unsafeTextDetail('phone1')),
};

/** The company fields a record may leave empty; blank text is stored as none. */
const optionalCompanyFields = {
  phone2: optionalText(COMPANY_LIMITS.phone),
  phone3: optionalText(COMPANY_LIMITS.phone),
  email: optionalText(COMPANY_LIMITS.email).refine((value) => !value || EMAIL_ADDRESS_PATTERN.test(value), 'email: must be a valid email address'),
  industry: optionalText(COMPANY_LIMITS.industry),
  city: optionalText(COMPANY_LIMITS.city),
  // Only a web page: a record's website becomes a link colleagues open.
  website: optionalText(COMPANY_LIMITS.website).refine((value) => !value || webHref(value) !== undefined, websiteInvalidDetail('website')),
  anchor_href_link: optionalText(COMPANY_LIMITS.anchor_href_link),
  manager: optionalText(COMPANY_LIMITS.manager),
  employees: optionalText(COMPANY_LIMITS.employees),
  founding_date: optionalText(COMPANY_LIMITS.founding_date),
  address: optionalText(COMPANY_LIMITS.address),
  description: optionalText(COMPANY_LIMITS.description),
};

/**
 * The company fields a prospect and a lead share, with the rules every create, update and upload
 * applies. This is the one list of them: the answers, the database columns and the upload's
 * columns follow its keys, in its order.
 */
export const companyInputFields = { ...requiredCompanyFields, ...optionalCompanyFields };
export type CompanyField = keyof typeof companyInputFields;
export type RequiredCompanyField = keyof typeof requiredCompanyFields;
export const COMPANY_FIELDS = Object.keys(companyInputFields) as CompanyField[];
export const REQUIRED_COMPANY_FIELDS = Object.keys(requiredCompanyFields) as RequiredCompanyField[];

/** How each company field is named to a person (the column matcher, the upload's warnings). */
export const COMPANY_FIELD_LABELS = {
  name: 'Name',
  phone1: 'Phone1',
  phone2: 'Phone2',
  phone3: 'Phone3',
  email: 'Email',
  industry: 'Industry',
  city: 'City',
  website: 'Website',
  anchor_href_link: 'Link',
  manager: 'Manager',
  employees: 'Employees',
  founding_date: 'Founding year',
  address: 'Address',
  description: 'Description',
} as const satisfies Record<CompanyField, string>;

/** The same fields in an answer, each with one schema (a fresh one per field). */
function answerFields<Fields extends object, Schema extends z.ZodType>(fields: Fields, schema: () => Schema) {
  return Object.fromEntries(Object.keys(fields).map((field) => [field, schema()])) as { [Field in keyof Fields]: Schema };
}

/** A prospect's or lead's company fields as the API answers with them, with the names of its status and stage. */
export const companyFieldsSchema = z.object({
  ...answerFields(requiredCompanyFields, () => z.string()),
  ...answerFields(optionalCompanyFields, () => z.string().nullable()),
  /** Each phone as E.164, to format and dial; null where its text is not a phone number. */
  phone1_e164: z.string().nullable(),
  phone2_e164: z.string().nullable(),
  phone3_e164: z.string().nullable(),
  /** Each phone as screens show it (international format, with its extension); null where its text is not a phone number. */
  phone1_shown: z.string().nullable(),
  phone2_shown: z.string().nullable(),
  phone3_shown: z.string().nullable(),
  status_id: z.uuid().nullable(),
  status_name: z.string().nullable(),
  last_contacted: z.string().nullable(),
  pipeline_stage_id: z.uuid().nullable(),
  pipeline_stage_name: z.string().nullable(),
  pipeline_stage_color: z.string(),
  /** The user who owns the record; null: unassigned. */
  owner_id: z.uuid().nullable(),
});

export const prospectSchema = companyFieldsSchema.extend({
  id: z.uuid(),
  tenant_id: z.uuid(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Prospect = z.infer<typeof prospectSchema>;

/** The prospects list also takes invalid_phone=true: only prospects with a phone that is not a number. */
export const prospectListQuerySchema = listQuerySchema.extend({
  invalid_phone: z
    .enum(['true', 'false'], { error: 'invalid_phone: must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
});
export type ProspectListQuery = z.input<typeof prospectListQuerySchema>;

export const prospectListResponseSchema = z.object({
  prospects: z.array(prospectSchema),
  pagination: paginationSchema,
});
export type ProspectListResponse = z.infer<typeof prospectListResponseSchema>;

/** The company form: the editable company fields with their rules, blank optional fields as null. */
export const companyInputSchema = z.object(companyInputFields);

/**
 * What a record of an upload file may hold for each field, before the clean-up: text, or nothing
 * (null). A number, true or false, a list or an object is the row's error naming the field: JSON
 * drops a phone's + and leading 0, and a list of cities is no city. Industry alone may be a list of
 * texts (it is stored comma-joined, as a JSON-encoded list is).
 */
const uploadValueFields = {} as Record<CompanyField, z.ZodType>;
for (const field of COMPANY_FIELDS) {
  const value =
    field === 'industry'
      ? z.union([z.string(), z.array(z.string())], { error: 'industry: must be text or a list of texts' })
      : z.string({ error: `${field}: must be text` });
  uploadValueFields[field] = value.nullable().optional();
}
/** The upload file's values as the browser's preview and the server both check them (cleanUploadRow). */
export const prospectUploadValuesSchema = z.object(uploadValueFields);

/**
 * One row of an upload once cleaned: the rules of any new prospect. The browser's preview and the
 * server both check rows with it, so whatever it refuses becomes that row's error.
 */
export const prospectUploadRowSchema = companyInputSchema;

export const createProspectSchema = z.object({
  tenant_id: tenantIdSchema,
  ...companyInputFields,
  status_id: z.uuid('status_id: must be a valid id').optional().nullable(),
  pipeline_stage_id: z.uuid('pipeline_stage_id: must be a valid id').optional().nullable(),
});
export type CreateProspect = z.input<typeof createProspectSchema>;

export const updateProspectSchema = z.object({ ...companyInputFields }).partial();
export type UpdateProspect = z.input<typeof updateProspectSchema>;

/** The most rows one bulk request may carry; more answers 413. */
export const MAX_BULK_ROWS = 50_000;

/**
 * A slice of an upload file: its records as the file has them (their keys are read as the upload
 * reads them). Each row is checked by the upload rules on its own (a bad row is reported, not a 400
 * for the whole request), so the request asks only for an array.
 */
export const bulkProspectsRequestSchema = z.object({
  tenant_id: tenantIdSchema,
  prospects: z.array(z.unknown(), { error: 'prospects: must be an array of rows' }),
  /** The file the rows come from; the first slice of an upload names it and the import is recorded. */
  file_name: importFileNameSchema.optional(),
  /** The import the first slice started: later slices of the same file add to it. */
  import_id: z.uuid('import_id: must be a valid id').optional(),
  /** Whom the rows go to; every slice of a file names the same choice. */
  assign: uploadAssignSchema.default('uploader'),
});
export type BulkProspectsRequest = z.input<typeof bulkProspectsRequestSchema>;

/** A row the upload did not save; rows are numbered from 1 within the request. */
export const bulkRowErrorSchema = z.object({ row: z.number().int(), detail: z.string() });
export type BulkRowError = z.infer<typeof bulkRowErrorSchema>;

/**
 * A value the upload left out or shortened in a row it imported, and why: `field` is the company
 * field (`email`), or, for a key of the file's record that names no field, that key (`Emial`; a key
 * never reads as a field's name when it names none).
 */
export const bulkRowWarningSchema = z.object({
  row: z.number().int(),
  field: z.string(),
  reason: z.string(),
});
export type BulkRowWarning = z.infer<typeof bulkRowWarningSchema>;

export const bulkProspectsResponseSchema = z.object({
  import_id: z.uuid(),
  total_created: z.number().int(),
  total_errors: z.number().int(),
  errors: z.array(bulkRowErrorSchema),
  /** Rows imported with a warning (each row counted once). */
  total_warned: z.number().int(),
  warnings: z.array(bulkRowWarningSchema),
});
export type BulkProspectsResponse = z.infer<typeof bulkProspectsResponseSchema>;

/** A call made (prospect_contacted) counts on goal_id when one is named; a call needs no goal (sales-figures.md). */
export const changeStatusRequestSchema = z.object({
  prospect_id: z.uuid('prospect_id: must be a valid id'),
  status_id: z.uuid('Please select a status to update the prospect.'),
  prospect_contacted: z.boolean().default(false),
  assigned_to: z.uuid('assigned_to: must be a valid id').optional().nullable(),
  goal_id: z.uuid('goal_id: must be a valid id').optional().nullable(),
  notes: z.string().trim().max(2000, 'notes: must be at most 2000 characters').optional().nullable(),
});
export type ChangeStatusRequest = z.input<typeof changeStatusRequestSchema>;

export const changeProspectStageRequestSchema = z.object({
  prospect_id: z.uuid('prospect_id: must be a valid id'),
  pipeline_stage_id: z.uuid('Please select a pipeline stage to update the prospect.'),
  notes: z.string().trim().max(2000, 'notes: must be at most 2000 characters').optional().nullable(),
});
export type ChangeProspectStageRequest = z.input<typeof changeProspectStageRequestSchema>;

export const changeProspectStageResponseSchema = z.object({
  pipeline_stage_name: z.string(),
  prospect: prospectSchema,
});
export type ChangeProspectStageResponse = z.infer<typeof changeProspectStageResponseSchema>;
