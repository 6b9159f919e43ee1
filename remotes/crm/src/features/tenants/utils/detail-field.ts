import { fieldMessage } from '@app/shared/forms';

/**
 * The field a server's refusal names ("domain: already in use"), and its sentence for beside that
 * field, when the form has such a field; otherwise null and the refusal is shown for the whole form.
 */
export function detailField<Field extends string>(detail: string, fields: readonly Field[]): { field: Field; message: string } | null {
  const named = /^(\w+): /.exec(detail)?.[1];
  const field = fields.find((candidate) => candidate === named);
  return field ? { field, message: fieldMessage(field, detail) } : null;
}
