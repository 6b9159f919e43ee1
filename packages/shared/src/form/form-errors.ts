import type { z } from 'zod';

export type FieldErrors<Field extends string = string> = Partial<Record<Field, string>>;

/**
 * The sentence a person reads under a field. Contract messages meant for API clients name their
 * field ("email: must be a valid email address"); beside the field that name is noise, so it is
 * dropped and the rest reads as a sentence. Messages already written for people pass unchanged.
 */
export function fieldMessage(field: string, message: string): string {
  const prefix = `${field}: `;
  if (!message.startsWith(prefix)) return message;
  const rest = message.slice(prefix.length);
  const sentence = rest.charAt(0).toUpperCase() + rest.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/** The first issue of each top-level field, as the form shows it. */
export function fieldErrors<Field extends string>(error: z.ZodError): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '') as Field;
    errors[field] ??= fieldMessage(field, issue.message);
  }
  return errors;
}

export type Validation<Output, Field extends string> = { data: Output; errors: FieldErrors<Field> } | { data?: undefined; errors: FieldErrors<Field> };

/** Checks a form's input with the contract the server applies: the payload to send, or the messages per field. */
export function validateWith<Schema extends z.ZodType, Field extends string = string>(schema: Schema, input: unknown): Validation<z.output<Schema>, Field> {
  const result = schema.safeParse(input);
  return result.success ? { data: result.data, errors: {} } : { errors: fieldErrors<Field>(result.error) };
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some(Boolean);
}

/**
 * A server's refusal (its detail) as the error of the field it names ("value: must …"), for a
 * form to show beside that field; undefined when there is no detail or it names none of `fields`.
 */
export function refusedFieldErrors<Field extends string>(detail: string | undefined, fields: readonly Field[]): FieldErrors<Field> | undefined {
  if (!detail) return undefined;
  const field = fields.find((name) => detail.startsWith(`${name}: `));
  if (!field) return undefined;
  const errors: FieldErrors<Field> = {};
  errors[field] = fieldMessage(field, detail);
  return errors;
}
