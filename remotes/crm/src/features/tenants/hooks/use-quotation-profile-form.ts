import { useState, type ChangeEvent } from 'react';
import { errorMessage } from '@app/shared';
import { updateQuotationProfileSchema, validateWith, type FieldErrors, type QuotationProfile, type UpdateQuotationProfile } from '@app/shared/forms';
import { useQuotationProfile } from '../api/get-quotation-profile';
import { useUpdateQuotationProfile } from '../api/update-quotation-profile';

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

export type ProfileText = ReturnType<typeof textValues>;
export type ProfileField = keyof ProfileText | 'logo';

/** A chosen file as base64, as the API takes a logo. */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

const logoMessage = (message: string) => message.replace(/^logo: m/, 'M');

/**
 * The quotation profile section of the tenant form, as edits over the saved profile: the tenant
 * form validates and saves it with its own fields under one Save, and asks before dropping it.
 * A refused logo file stays chosen, with its reason, until it is removed or replaced: until then
 * the profile cannot be saved, so the refusal is never overwritten by a save.
 */
export function useQuotationProfileForm(tenantId: string | undefined) {
  const profile = useQuotationProfile(tenantId);
  const saved = profile.data;
  const [edits, setEdits] = useState<Partial<ProfileText>>({});
  const [errors, setErrors] = useState<FieldErrors<ProfileField>>({});
  // undefined keeps the saved logo, null removes it, a file replaces it.
  const [logo, setLogo] = useState<{ base64: string; type: string } | null | undefined>(undefined);
  const [refusedLogo, setRefusedLogo] = useState<string>();
  // A new key empties the file input when its refused file is removed.
  const [fileKey, setFileKey] = useState(0);
  const mutation = useUpdateQuotationProfile(tenantId ?? '');

  const values = saved ? { ...textValues(saved), ...edits } : null;
  const dirty =
    saved !== undefined &&
    (logo !== undefined || refusedLogo !== undefined || Object.entries(edits).some(([name, value]) => textValues(saved)[name as keyof ProfileText] !== value));
  const shownLogo = logo === undefined ? (saved?.logo ? { base64: saved.logo, type: saved.logo_type ?? 'image/png' } : null) : logo;

  const field = (name: keyof ProfileText) => ({
    name,
    value: values?.[name] ?? '',
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = event.target.value;
      setEdits((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  const chooseLogo = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    try {
      const base64 = await readBase64(file);
      const check = updateQuotationProfileSchema.shape.logo.safeParse(base64);
      if (check.success) {
        setLogo({ base64, type: file.type });
        setRefusedLogo(undefined);
      } else setRefusedLogo(logoMessage(check.error.issues[0]!.message));
    } catch (failure) {
      setRefusedLogo(errorMessage(failure, 'The file could not be read.'));
    }
  };

  /** Removes the refused file when there is one (the logo stays as it was), else the logo. */
  const removeLogo = () => {
    if (refusedLogo !== undefined) {
      setRefusedLogo(undefined);
      setFileKey((key) => key + 1);
    } else setLogo(null);
  };

  /** The body to send, or null with every reason shown beside its field. */
  const validate = (): UpdateQuotationProfile | null => {
    if (!values) return null;
    const input = {
      ...values,
      tax_rate: values.tax_rate.trim() === '' ? undefined : Number(values.tax_rate),
      logo: logo === undefined ? undefined : (logo?.base64 ?? null),
    };
    const result = validateWith<typeof updateQuotationProfileSchema, ProfileField>(updateQuotationProfileSchema, input);
    setErrors(result.errors);
    if (refusedLogo !== undefined || !result.data) return null;
    return result.data;
  };

  /** Saves, and once saved the profile shown is the server's and nothing is left to save. */
  const save = async (body: UpdateQuotationProfile) => {
    const result = await mutation.mutateAsync(body);
    setEdits({});
    setLogo(undefined);
    return result;
  };

  return {
    profile,
    loaded: saved !== undefined,
    dirty,
    field,
    errors,
    setErrors,
    shownLogo,
    logoError: refusedLogo ?? errors.logo,
    refusedLogo: refusedLogo !== undefined,
    fileKey,
    chooseLogo,
    removeLogo,
    validate,
    save,
    saving: mutation.isPending,
  };
}

export type QuotationProfileForm = ReturnType<typeof useQuotationProfileForm>;
