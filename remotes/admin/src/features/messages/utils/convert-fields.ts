import { convertMessageRequestSchema, type SupportMessage } from '@app/shared/forms';

/** The prospect fields the dialog shows, with the rules of every new prospect. */
export const convertFieldsSchema = convertMessageRequestSchema.shape.fields.pick({ name: true, phone1: true, email: true, description: true });
export type ConvertField = keyof typeof convertFieldsSchema.shape;
export type ConvertFieldValues = Record<ConvertField, string>;

/** What a message already tells: the company (else the sender's name), the email, the phone, and the message itself as the description. */
export function convertFieldsFrom(message: SupportMessage): ConvertFieldValues {
  return {
    name: message.company?.trim() || message.name,
    phone1: message.phone ?? '',
    email: message.email,
    description: message.message,
  };
}
