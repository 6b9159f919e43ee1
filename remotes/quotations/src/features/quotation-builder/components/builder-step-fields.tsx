import styled from 'styled-components';
import { currencySymbol, storageNote } from '@app/shared/staff';
import { Link } from 'react-router';
import { MutedText, TextField, TwoColumns } from '@app/shared';
import { CATALOGUE_PATH } from '../../../components/area-nav';
import type { BuilderForm } from '../hooks/use-builder-form';
import { parseDecimal } from '../utils/draft-form';
import { DraftField } from './draft-field';
import { ItemRows } from './item-rows';
import { TotalsSummary } from './totals-summary';

const StyledGroup = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  margin: 0 0 ${({ theme }) => theme.space(6)};
  padding: 0;
  border: 0;
  min-width: 0;
  legend { font-size: 1rem; font-weight: 700; margin-bottom: ${({ theme }) => theme.space(3)}; padding: 0; }
`;

const StyledNote = styled.aside`
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-left: 4px solid ${({ theme }) => theme.colors.info};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.infoSoft};
  h3 { font-size: 0.95rem; margin: 0 0 ${({ theme }) => theme.space(1)}; }
  p { margin: 0; }
`;

const money = { type: 'number', min: 0, step: 0.01, inputMode: 'decimal' } as const;

const StyledHint = styled(MutedText)`
  font-size: 0.85rem;
`;

export function CompanyClientStep({ form }: { form: BuilderForm }) {
  return (
    <>
      <StyledGroup>
        <legend>Company information</legend>
        <DraftField form={form} name="company_name" label="Company name" autoComplete="organization" />
        <DraftField form={form} name="company_address" label="Company address" multiline />
        <TwoColumns>
          <DraftField form={form} name="company_phone" label="Company phone" type="tel" />
          <DraftField form={form} name="company_email" label="Company email" type="email" />
        </TwoColumns>
        <DraftField form={form} name="company_website" label="Company website" type="url" placeholder="https://" />
      </StyledGroup>
      <StyledGroup>
        <legend>Client information</legend>
        <DraftField form={form} name="client_name" label="Client name" />
        <DraftField form={form} name="client_address" label="Client address" multiline />
        <TwoColumns>
          <DraftField form={form} name="client_email" label="Client email" type="email" />
          <DraftField form={form} name="client_phone" label="Client phone" type="tel" />
        </TwoColumns>
      </StyledGroup>
      <StyledGroup>
        <legend>Quotation</legend>
        <DraftField form={form} name="title" label="Quotation title" />
        <DraftField form={form} name="product_name" label="Product name" />
        <DraftField form={form} name="product_overview" label="Product overview" multiline />
        <DraftField form={form} name="product_description" label="Product description" multiline />
      </StyledGroup>
    </>
  );
}

/** The tax rates the catalogue gives the quotation's lines picked from it, when they are not the quotation's one rate. */
export function catalogueTaxNote(items: { catalogueTaxRate?: string }[], taxRate: number): string | null {
  const rates = [...new Set(items.map((item) => item.catalogueTaxRate).filter((rate): rate is string => rate !== undefined))];
  if (rates.length === 0 || (rates.length === 1 && Number(rates[0]) === taxRate)) return null;
  const listed = rates.map((rate) => `${rate}%`).join(rates.length === 2 ? ' and ' : ', ');
  return rates.length === 1
    ? `The catalogue's tax rate for the lines picked from it is ${listed}; this quotation's tax rate applies to every line.`
    : `The lines picked from the catalogue carry tax rates of ${listed}. A quotation has one tax rate, which applies to every line.`;
}

export function PricingStep({ form, tenantId, currency }: { form: BuilderForm; tenantId: string; currency: string }) {
  const taxNote = catalogueTaxNote(form.values.items, parseDecimal(form.values.tax_rate));
  return (
    <>
      <StyledGroup>
        <legend>Subscription</legend>
        <DraftField form={form} name="subscription_plan" label="Subscription plan" />
        <DraftField form={form} name="subscription_includes" label="What's included" multiline />
      </StyledGroup>
      <StyledGroup>
        <legend>Document storage pricing</legend>
        <TwoColumns>
          <DraftField form={form} name="included_storage" label="Included storage" placeholder="200 MB" />
          <DraftField form={form} name="additional_storage_rate" label={`Additional storage rate per block (${currencySymbol(currency)})`} {...money} />
          <DraftField form={form} name="storage_block_size" label="Storage block size" placeholder="200 MB" />
        </TwoColumns>
      </StyledGroup>
      <StyledGroup>
        <legend>Line items</legend>
        <ItemRows form={form} tenantId={tenantId} currency={currency} />
        <StyledHint>
          A line's description offers the tenant's{' '}
          <Link to={CATALOGUE_PATH} target="_blank" rel="noreferrer">
            products and services (opens in a new tab)
          </Link>{' '}
          as it is typed: picking one copies its name, unit, price and tax rate into the quotation.
        </StyledHint>
        <TwoColumns>
          <DraftField form={form} name="tax_rate" label="Tax rate (%)" {...money} max={100} hint={taxNote ?? undefined} />
          <DraftField form={form} name="discount_rate" label="Discount rate (%)" {...money} max={100} />
        </TwoColumns>
        <TotalsSummary amounts={form.amounts} currency={currency} />
      </StyledGroup>
    </>
  );
}

export function TermsStep({ form, quoteNumber, currency }: { form: BuilderForm; quoteNumber: string; currency: string }) {
  const { values } = form;
  const note = storageNote({
    included_storage: values.included_storage,
    additional_storage_rate: parseDecimal(values.additional_storage_rate),
    storage_block_size: values.storage_block_size,
    currency,
  });
  return (
    <>
      <StyledGroup>
        <legend>Terms and conditions</legend>
        <DraftField form={form} name="terms" label="Terms and conditions" multiline />
        <StyledNote aria-label="Storage pricing note">
          <h3>Note on storage pricing</h3>
          <p>{note}</p>
        </StyledNote>
      </StyledGroup>
      <StyledGroup>
        <legend>Quote details</legend>
        <TextField label="Quote number" value={quoteNumber} readOnly />
        <TwoColumns>
          <DraftField form={form} name="quote_date" label="Quote date" type="date" />
          <DraftField form={form} name="valid_until" label="Valid until" type="date" />
        </TwoColumns>
      </StyledGroup>
    </>
  );
}
