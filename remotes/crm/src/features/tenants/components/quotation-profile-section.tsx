import { useState, type ChangeEvent, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, errorMessage, FieldShell, Skeleton, StyledInput, TextAreaField, TextField, toast } from '@app/shared';
import { updateQuotationProfileSchema, useFormFields, validateWith, type QuotationProfile } from '@app/shared/forms';
import { StyledFormError, StyledFormStack, StyledTwoColumns } from '../../../components/layout';
import { useQuotationProfile } from '../api/get-quotation-profile';
import { useUpdateQuotationProfile } from '../api/update-quotation-profile';

const StyledSection = styled.section`
  margin-top: ${({ theme }) => theme.space(6)};
  padding-top: ${({ theme }) => theme.space(4)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  h3 { margin: 0 0 ${({ theme }) => theme.space(1)}; font-size: 1.05rem; }
  > p { margin: 0 0 ${({ theme }) => theme.space(4)}; color: ${({ theme }) => theme.colors.textMuted}; }
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

const StyledActions = styled.div`
  display: flex;
  justify-content: flex-end;
`;

/** The form's text, as typed. */
function textValues(profile: QuotationProfile) {
  return {
    company_name: profile.company_name,
    company_address: profile.company_address,
    company_phone: profile.company_phone,
    company_email: profile.company_email,
    company_website: profile.company_website,
    tax_rate: String(profile.tax_rate),
    terms: profile.terms,
  };
}

/** A chosen file as base64, as the API takes a logo. */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

function ProfileForm({ tenantId, profile }: { tenantId: string; profile: QuotationProfile }) {
  const { values, setErrors, field } = useFormFields(() => textValues(profile));
  // undefined keeps the saved logo, null removes it, text replaces it.
  const [logo, setLogo] = useState<{ base64: string; type: string } | null | undefined>(undefined);
  const [logoError, setLogoError] = useState<string>();
  const save = useUpdateQuotationProfile(tenantId);

  const shown = logo === undefined ? (profile.logo ? { base64: profile.logo, type: profile.logo_type ?? 'image/png' } : null) : logo;

  const chooseLogo = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    try {
      const base64 = await readBase64(file);
      const check = updateQuotationProfileSchema.shape.logo.safeParse(base64);
      setLogoError(check.success ? undefined : check.error.issues[0]!.message.replace(/^logo: m/, 'M'));
      if (check.success) setLogo({ base64, type: file.type });
    } catch (failure) {
      setLogoError(errorMessage(failure, 'The file could not be read.'));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      ...values,
      tax_rate: values.tax_rate.trim() === '' ? undefined : Number(values.tax_rate),
      logo: logo === undefined ? undefined : (logo?.base64 ?? null),
    };
    const result = validateWith(updateQuotationProfileSchema, input);
    setErrors(result.errors);
    setLogoError((result.errors as { logo?: string }).logo);
    if (!result.data) return;
    save.mutate(result.data, {
      onSuccess: () => {
        setLogo(undefined);
        toast({ title: 'Quotation profile saved', description: 'New quotations of this tenant start from it.', variant: 'success' });
      },
    });
  };

  return (
    <StyledFormStack onSubmit={submit} noValidate aria-label="Quotation profile">
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
      <FieldShell label="Logo" hint="PNG or JPEG, at most 200 KB. Printed on the quotation's PDF." error={logoError}>
        {({ id, describedBy, invalid }) => (
          <StyledLogoRow>
            {shown && <img src={`data:${shown.type};base64,${shown.base64}`} alt="Logo" />}
            <StyledInput id={id} type="file" accept="image/png,image/jpeg" aria-describedby={describedBy} aria-invalid={invalid} onChange={chooseLogo} />
            {shown && (
              <Button $variant="secondary" onClick={() => setLogo(null)}>
                Remove logo
              </Button>
            )}
          </StyledLogoRow>
        )}
      </FieldShell>
      {save.isError && <StyledFormError role="alert">{errorMessage(save.error, 'Failed to save the quotation profile.')}</StyledFormError>}
      <StyledActions>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Quotation Profile'}
        </Button>
      </StyledActions>
    </StyledFormStack>
  );
}

/** The tenant's quotation profile on its edit form: the sender its new quotations start from. */
export function QuotationProfileSection({ tenantId }: { tenantId: string }) {
  const profile = useQuotationProfile(tenantId);
  return (
    <StyledSection aria-labelledby="quotation-profile-heading">
      <h3 id="quotation-profile-heading">Quotation profile</h3>
      <p>The sender, tax rate and terms new quotations start from.</p>
      {profile.data ? (
        <ProfileForm tenantId={tenantId} profile={profile.data} />
      ) : profile.isError ? (
        <StyledFormError role="alert">{errorMessage(profile.error, 'The quotation profile could not be loaded.')}</StyledFormError>
      ) : (
        <Skeleton $height="6rem" role="status" aria-label="Loading quotation profile..." />
      )}
    </StyledSection>
  );
}
