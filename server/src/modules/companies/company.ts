import {
  COMPANY_FIELDS,
  DEFAULT_STAGE_COLOR,
  phoneInvalidDetail,
  readPhones,
  type CompanyField,
  type companyInputFields,
  type Prospect,
} from '@app/shared/contracts';
import type { z } from 'zod';
import { badRequest } from '../../http/errors';

/** The company fields of a create or update body, after the contract's trimming. */
export type CompanyInput = Partial<z.output<z.ZodObject<typeof companyInputFields>>>;

/** The company fields as a row holds them: the columns carry the fields' own names. */
type CompanyValues = Pick<Prospect, CompanyField>;

/** The E.164 columns beside the phones' text. */
export interface PhoneColumns {
  phone1E164: string | null;
  phone2E164: string | null;
  phone3E164: string | null;
}

/**
 * Column values of the fields that were sent (a field left out keeps its value on an update),
 * with each phone sent also as E.164, read in the tenant's `country`. A phone that is not a
 * possible number there answers 400 naming its field.
 */
export function companyColumns(input: CompanyInput, country: string): Partial<CompanyValues & PhoneColumns> {
  const values: Partial<Record<CompanyField | keyof PhoneColumns, string | null>> = {};
  for (const field of COMPANY_FIELDS) {
    if (input[field] !== undefined) values[field] = input[field];
  }
  const { e164, invalid } = readPhones(input, country);
  if (invalid.length > 0) throw badRequest(phoneInvalidDetail(invalid[0]));
  if (e164.phone1_e164 !== undefined) values.phone1E164 = e164.phone1_e164;
  if (e164.phone2_e164 !== undefined) values.phone2E164 = e164.phone2_e164;
  if (e164.phone3_e164 !== undefined) values.phone3E164 = e164.phone3_e164;
  return values as Partial<CompanyValues & PhoneColumns>;
}

/** A prospect or lead row with the names its status and stage ids point at. */
export type CompanyView = CompanyValues &
  PhoneColumns & {
    statusId: string | null;
    pipelineStageId: string | null;
    lastContacted: Date | null;
    ownerId: string | null;
    statusName: string | null;
    stageName: string | null;
    stageColor: string | null;
  };

export function companyDto(row: CompanyView) {
  const fields = {} as Record<CompanyField, string | null>;
  for (const field of COMPANY_FIELDS) fields[field] = row[field];
  return {
    ...(fields as CompanyValues),
    phone1_e164: row.phone1E164,
    phone2_e164: row.phone2E164,
    phone3_e164: row.phone3E164,
    status_id: row.statusId,
    status_name: row.statusName,
    last_contacted: row.lastContacted ? row.lastContacted.toISOString() : null,
    pipeline_stage_id: row.pipelineStageId,
    pipeline_stage_name: row.stageName,
    pipeline_stage_color: row.stageColor ?? DEFAULT_STAGE_COLOR,
    owner_id: row.ownerId,
  };
}
