import { COMPANY_FIELDS, DEFAULT_STAGE_COLOR, type CompanyField, type companyInputFields, type Prospect } from '@app/shared/contracts';
import type { z } from 'zod';

/** The company fields of a create or update body, after the contract's trimming. */
export type CompanyInput = Partial<z.output<z.ZodObject<typeof companyInputFields>>>;

/** The company fields as a row holds them: the columns carry the fields' own names. */
type CompanyValues = Pick<Prospect, CompanyField>;

/** Column values of the fields that were sent; a field left out keeps its value on an update. */
export function companyColumns(input: CompanyInput): Partial<CompanyValues> {
  const values: Partial<Record<CompanyField, string | null>> = {};
  for (const field of COMPANY_FIELDS) {
    if (input[field] !== undefined) values[field] = input[field];
  }
  return values as Partial<CompanyValues>;
}

/** A prospect or lead row with the names its status and stage ids point at. */
export type CompanyView = CompanyValues & {
  statusId: string | null;
  pipelineStageId: string | null;
  lastContacted: Date | null;
  statusName: string | null;
  stageName: string | null;
  stageColor: string | null;
};

export function companyDto(row: CompanyView) {
  const fields = {} as Record<CompanyField, string | null>;
  for (const field of COMPANY_FIELDS) fields[field] = row[field];
  return {
    ...(fields as CompanyValues),
    status_id: row.statusId,
    status_name: row.statusName,
    last_contacted: row.lastContacted ? row.lastContacted.toISOString() : null,
    pipeline_stage_id: row.pipelineStageId,
    pipeline_stage_name: row.stageName,
    pipeline_stage_color: row.stageColor ?? DEFAULT_STAGE_COLOR,
  };
}
