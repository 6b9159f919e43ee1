import { useCallback, useState, type ChangeEvent } from 'react';
import type { FieldErrors } from './form-errors';

type TextValues<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/**
 * A form's values and per-field errors. Typing into a field clears its own error, so a message
 * stays only as long as it is still true of what the person sees.
 */
export function useFormFields<V extends Record<string, unknown>>(initial: V | (() => V)) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<keyof V & string>>({});

  const set = useCallback(<K extends keyof V & string>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  }, []);

  /** Props for a TextField, TextAreaField or SelectField bound to one text value. */
  const field = <K extends TextValues<V>>(name: K) => ({
    name,
    value: values[name] as string,
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => set(name, event.target.value as V[K]),
  });

  return { values, setValues, errors, setErrors, set, field };
}
