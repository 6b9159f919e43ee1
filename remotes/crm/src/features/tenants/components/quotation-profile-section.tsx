import { Link } from 'react-router';
import styled from 'styled-components';
import { Button, errorMessage, FieldShell, Skeleton, StyledInput, TextAreaField, TextField, useSelectedTenantId } from '@app/shared';
import { StyledFormError, StyledTwoColumns } from '../../../components/layout';
import type { QuotationProfileForm } from '../hooks/use-quotation-profile-form';

const StyledSection = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  margin-top: ${({ theme }) => theme.space(2)};
  padding-top: ${({ theme }) => theme.space(4)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  h3 { margin: 0; font-size: 1.05rem; }
  > p { margin: -${({ theme }) => theme.space(3)} 0 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const StyledLogoRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  img {
    max-width: 10rem;
    max-height: 4rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
  }
`;

function ProfileFields({ form }: { form: QuotationProfileForm }) {
  const { shownLogo, field } = form;
  return (
    <>
      <TextField label="Company name" autoComplete="organization" {...field('company_name')} />
      <TextAreaField label="Company address" rows={2} {...field('company_address')} />
      <StyledTwoColumns>
        <TextField label="Company phone" type="tel" {...field('company_phone')} />
        <TextField label="Company email" type="email" {...field('company_email')} />
      </StyledTwoColumns>
      <StyledTwoColumns>
        <TextField label="Company website" type="url" placeholder="https://" {...field('company_website')} />
        <TextField label="Default tax rate (%)" type="number" inputMode="decimal" min={0} max={100} step="0.01" {...field('tax_rate')} />
      </StyledTwoColumns>
      <TextAreaField label="Default terms" rows={3} {...field('terms')} />
      <FieldShell label="Logo" hint="PNG or JPEG, at most 200 KB. Printed on the quotation's PDF." error={form.logoError}>
        {({ id, describedBy, invalid }) => (
          <StyledLogoRow>
            {shownLogo && !form.refusedLogo && <img src={`data:${shownLogo.type};base64,${shownLogo.base64}`} alt="Logo" />}
            <StyledInput
              key={form.fileKey}
              id={id}
              type="file"
              accept="image/png,image/jpeg"
              aria-describedby={describedBy}
              aria-invalid={invalid}
              onChange={(event) => void form.chooseLogo(event)}
            />
            {form.refusedLogo ? (
              <Button $variant="secondary" onClick={form.removeLogo}>
                Remove file
              </Button>
            ) : (
              shownLogo && (
                <Button $variant="secondary" onClick={form.removeLogo}>
                  Remove logo
                </Button>
              )
            )}
          </StyledLogoRow>
        )}
      </FieldShell>
    </>
  );
}

/**
 * Where the products and services of quotations' lines are kept: the catalogue's page is the
 * selected tenant's, so it is linked (in a new tab, keeping this form) only for that tenant.
 */
function CatalogueNote({ tenantId }: { tenantId: string }) {
  const [selected] = useSelectedTenantId();
  if (selected !== tenantId)
    return (
      <p>The products and services its quotations' lines pick from are in the Catalogue (Quotations → Catalogue), with this tenant chosen in the header.</p>
    );
  return (
    <p>
      The products and services its quotations' lines pick from are in its{' '}
      <Link to="/quotations/products" target="_blank" rel="noreferrer">
        catalogue of products and services (opens in a new tab)
      </Link>
      .
    </p>
  );
}

/**
 * The tenant's quotation profile on its edit form: the sender its new quotations start from. Its
 * fields are part of the tenant form, saved by the form's one Save.
 */
export function QuotationProfileSection({ form, tenantId }: { form: QuotationProfileForm; tenantId: string }) {
  return (
    <StyledSection aria-labelledby="quotation-profile-heading">
      <h3 id="quotation-profile-heading">Quotation profile</h3>
      <p>The sender, tax rate and terms new quotations start from.</p>
      <CatalogueNote tenantId={tenantId} />
      {form.loaded ? (
        <ProfileFields form={form} />
      ) : form.profile.isError ? (
        <StyledFormError role="alert">{errorMessage(form.profile.error, 'The quotation profile could not be loaded.')}</StyledFormError>
      ) : (
        <Skeleton $height="6rem" role="status" aria-label="Loading quotation profile..." />
      )}
    </StyledSection>
  );
}
