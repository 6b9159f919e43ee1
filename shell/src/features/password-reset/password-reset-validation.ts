import { passwordResetConfirmSchema, passwordResetRequestSchema, validateWith } from '@app/shared/forms';

const newPasswordSchema = passwordResetConfirmSchema.pick({ password: true });

/** The address rule of the contract the server applies, with its message. */
export const checkResetEmail = (email: string) => validateWith(passwordResetRequestSchema, { email });

/** The password rule of the contract the server applies (the link's token is the server's to judge). */
export const checkNewPassword = (password: string) => validateWith(newPasswordSchema, { password });
