import { z } from 'zod';
import { companyInputSchema, COMPANY_LIMITS } from '../prospects';
import { listQuerySchema } from '../crm-common';
import { savedViewInputSchema, SAVED_VIEW_NAME_MAX } from '../saved-views';
import { maxLengthOf, maxLengthsOf } from '../limits';
import { SEARCH_MAX_LENGTH } from '../constants';

describe('maxLengthOf', () => {
  it("reads a text schema's max through optional, nullable, default and transform wrappers", () => {
    expect(maxLengthOf(z.string().trim().max(12))).toBe(12);
    expect(
      maxLengthOf(
        z
          .string()
          .max(7)
          .optional()
          .nullable()
          .transform((value) => value ?? null),
      ),
    ).toBe(7);
    expect(maxLengthOf(z.string().max(3).default('a'))).toBe(3);
    expect(maxLengthOf(z.string())).toBeUndefined();
    expect(maxLengthOf(z.number().max(5))).toBeUndefined();
  });

  it("gives the search box the list contract's limit, the one the server refuses past", () => {
    expect(maxLengthOf(listQuerySchema.shape.q)).toBe(200);
    // The list's search box reads the plain constant (no zod on the list): it is the contract's limit.
    expect(SEARCH_MAX_LENGTH).toBe(maxLengthOf(listQuerySchema.shape.q));
    expect(listQuerySchema.safeParse({ tenant_id: '00000000-0000-4000-8000-000000000000', q: 'x'.repeat(201) }).success).toBe(false);
    expect(maxLengthOf(savedViewInputSchema.shape.name)).toBe(SAVED_VIEW_NAME_MAX);
  });
});

describe('maxLengthsOf', () => {
  it('gives every text field of the company form its contract limit', () => {
    expect(maxLengthsOf(companyInputSchema)).toEqual({
      name: COMPANY_LIMITS.name,
      phone1: COMPANY_LIMITS.phone,
      phone2: COMPANY_LIMITS.phone,
      phone3: COMPANY_LIMITS.phone,
      email: COMPANY_LIMITS.email,
      industry: COMPANY_LIMITS.industry,
      city: COMPANY_LIMITS.city,
      website: COMPANY_LIMITS.website,
      anchor_href_link: COMPANY_LIMITS.anchor_href_link,
      manager: COMPANY_LIMITS.manager,
      employees: COMPANY_LIMITS.employees,
      founding_date: COMPANY_LIMITS.founding_date,
      address: COMPANY_LIMITS.address,
      description: COMPANY_LIMITS.description,
    });
  });
});

describe('the page of a list', () => {
  const tenant_id = '00000000-0000-4000-8000-000000000000';
  const pageError = (page: string) => listQuerySchema.safeParse({ tenant_id, page }).error?.issues[0]?.message;

  it('past the largest page is refused with the limit, not as a number that is not whole', () => {
    expect(pageError('10000000000000000')).toBe(`page: must be at most ${Number.MAX_SAFE_INTEGER}`);
    expect(listQuerySchema.parse({ tenant_id, page: String(Number.MAX_SAFE_INTEGER) }).page).toBe(Number.MAX_SAFE_INTEGER);
    expect(pageError('1.5')).toBe('page: must be a whole number');
    expect(pageError('0')).toBe('page: must be at least 1');
  });
});
