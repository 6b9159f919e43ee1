import { DEFAULT_STAGE_COLOR } from '@app/shared/contracts';
import type { leads, prospects } from '../../db/schema';

/** The company fields of a create or update body, after the contract's trimming. */
export interface CompanyInput {
  name?: string;
  phone1?: string;
  phone2?: string | null;
  phone3?: string | null;
  email?: string | null;
  industry?: string | null;
  city?: string | null;
  website?: string | null;
  anchor_href_link?: string | null;
  manager?: string | null;
  employees?: string | null;
  founding_date?: string | null;
  address?: string | null;
  description?: string | null;
}

type CompanyColumns = Partial<Pick<typeof prospects.$inferInsert & typeof leads.$inferInsert,
  'name' | 'phone1' | 'phone2' | 'phone3' | 'email' | 'industry' | 'city' | 'website' | 'anchorHrefLink' | 'manager' | 'employees' | 'foundingDate' | 'address' | 'description'>>;

const FIELD_TO_COLUMN = {
  name: 'name',
  phone1: 'phone1',
  phone2: 'phone2',
  phone3: 'phone3',
  email: 'email',
  industry: 'industry',
  city: 'city',
  website: 'website',
  anchor_href_link: 'anchorHrefLink',
  manager: 'manager',
  employees: 'employees',
  founding_date: 'foundingDate',
  address: 'address',
  description: 'description',
} as const satisfies Record<keyof CompanyInput, keyof CompanyColumns>;

/** Column values of the fields that were sent; a field left out keeps its value on an update. */
export function companyColumns(input: CompanyInput): CompanyColumns {
  const values: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(FIELD_TO_COLUMN)) {
    const value = input[field as keyof CompanyInput];
    if (value !== undefined) values[column] = value;
  }
  return values as CompanyColumns;
}

/** A prospect or lead row with the names its status and stage ids point at. */
export interface CompanyView {
  name: string;
  phone1: string;
  phone2: string | null;
  phone3: string | null;
  email: string | null;
  industry: string | null;
  city: string | null;
  website: string | null;
  anchorHrefLink: string | null;
  manager: string | null;
  employees: string | null;
  foundingDate: string | null;
  address: string | null;
  description: string | null;
  statusId: string | null;
  pipelineStageId: string | null;
  lastContacted: Date | null;
  statusName: string | null;
  stageName: string | null;
  stageColor: string | null;
}

export function companyDto(row: CompanyView) {
  return {
    name: row.name,
    phone1: row.phone1,
    phone2: row.phone2,
    phone3: row.phone3,
    email: row.email,
    industry: row.industry,
    city: row.city,
    website: row.website,
    anchor_href_link: row.anchorHrefLink,
    manager: row.manager,
    employees: row.employees,
    founding_date: row.foundingDate,
    address: row.address,
    description: row.description,
    status_id: row.statusId,
    status_name: row.statusName,
    last_contacted: row.lastContacted ? row.lastContacted.toISOString() : null,
    pipeline_stage_id: row.pipelineStageId,
    pipeline_stage_name: row.stageName,
    pipeline_stage_color: row.stageColor ?? DEFAULT_STAGE_COLOR,
  };
}
