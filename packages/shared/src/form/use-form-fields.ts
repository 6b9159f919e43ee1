import { useCallback, useMemo, useState, type ChangeEvent } from 'react';
import type { z } from 'zod';
import { maxLengthsOf } from '../contracts/limits';
import type { FieldErrors } from './form-errors';

type TextValues<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

export interface FormFieldsOptions {
  /** The contract the server applies: each bound text field takes its `.max` as its `maxLength`. */
  contract?: z.ZodObject<z.ZodRawShape>;
}

/**
 * A form's values and per-field errors. Typing into a field clears its own error, so a message
 * stays only as long as it is still true of what the person sees. `dirty` says whether anything
 * differs from what the form started with, for a dialog to ask before dropping it.
 */
export function useFormFields<V extends Record<string, unknown>>(initial: V | (() => V), options: FormFieldsOptions = {}) {
  const [start] = useState<V>(initial);
  const [values, setValues] = useState<V>(start);
  const [errors, setErrors] = useState<FieldErrors<keyof V & string>>({});
  const { contract } = options;
  const limits: Partial<Record<string, number>> = useMemo(() => (contract ? maxLengthsOf(contract) : {}), [contract]);
  const dirty = useMemo(() => JSON.stringify(values) !== JSON.stringify(start), [values, start]);

  const set = useCallback(<K extends keyof V & string>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  }, []);

  /** Props for a TextField, TextAreaField or SelectField bound to one text value. */
  const field = <K extends TextValues<V>>(name: K) => ({
    name,
    value: values[name] as string,
    error: errors[name],
    // Only when the contract sets one: a limit a screen writes itself is not overwritten by none.
    ...(limits[name] === undefined ? {} : { maxLength: limits[name] }),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => set(name, event.target.value as V[K]),
  });

  return { values, setValues, errors, setErrors, set, field, dirty };
}
