import { COMPANY_FIELDS, phoneInvalidDetail, readPhones, type CompanyField, type companyInputFields, type Prospect } from '@app/shared/contracts';
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
