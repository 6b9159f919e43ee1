import type { InputHTMLAttributes } from 'react';
import { TextAreaField, TextField } from '@app/shared';
import type { BuilderForm } from '../hooks/use-builder-form';
import type { DraftFieldName } from '../utils/draft-form';

type DraftFieldProps = {
  form: BuilderForm;
  name: DraftFieldName;
  label: string;
  multiline?: boolean;
  hint?: string;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'min' | 'max' | 'step' | 'inputMode' | 'autoComplete' | 'placeholder'>;

/** One field of the draft, bound to the builder's values and errors. */
export function DraftField({ form, name, label, multiline, hint, ...input }: DraftFieldProps) {
  const common = { label, hint, name, value: form.values[name], error: form.errors[name] };
  if (multiline) return <TextAreaField {...common} rows={3} onChange={(event) => form.setField(name, event.target.value)} />;
  return <TextField {...common} {...input} onChange={(event) => form.setField(name, event.target.value)} />;
}
