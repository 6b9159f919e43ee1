import {
  COMPANY_FIELDS,
  phoneInvalidDetail,
  readPhones,
  type CompanyField,
  type companyInputFields,
  type PhoneStoredField,
  type Prospect,
} from '@app/shared/contracts';
import type { z } from 'zod';
import { badRequest } from '../../lib/refusal';

/** The company fields of a create or update body, after the contract's trimming. */
export type CompanyInput = Partial<z.output<z.ZodObject<typeof companyInputFields>>>;

/** The company fields as a row holds them: the columns carry the fields' own names. */
type CompanyValues = Pick<Prospect, CompanyField>;

/** The columns kept beside the phones' text: each phone's E.164 and its shown text. */
export interface PhoneColumns {
  phone1E164: string | null;
  phone2E164: string | null;
  phone3E164: string | null;
  phone1Shown: string | null;
  phone2Shown: string | null;
  phone3Shown: string | null;
}

const PHONE_COLUMN_KEYS = {
  phone1_e164: 'phone1E164',
  phone2_e164: 'phone2E164',
  phone3_e164: 'phone3E164',
  phone1_shown: 'phone1Shown',
  phone2_shown: 'phone2Shown',
  phone3_shown: 'phone3Shown',
} as const satisfies Record<PhoneStoredField, keyof PhoneColumns>;

/**
 * Column values of the fields that were sent (a field left out keeps its value on an update),
 * with each phone sent also as E.164 and as shown, read in the tenant's `country`. A phone that is not a
 * possible number there answers 400 naming its field.
 */
export function companyColumns(input: CompanyInput, country: string): Partial<CompanyValues & PhoneColumns> {
  const values: Partial<Record<CompanyField | keyof PhoneColumns, string | null>> = {};
  for (const field of COMPANY_FIELDS) {
    if (input[field] !== undefined) values[field] = input[field];
  }
  const { stored, invalid } = readPhones(input, country);
  if (invalid.length > 0) throw badRequest(phoneInvalidDetail(invalid[0]));
  for (const [field, key] of Object.entries(PHONE_COLUMN_KEYS)) {
    const value = stored[field as PhoneStoredField];
    if (value !== undefined) values[key] = value;
  }
  return values as Partial<CompanyValues & PhoneColumns>;
}
