import { z } from 'zod';
import { messages, resetPasswordSchema } from '../../../contracts';

/**
 * The new-password form: the contract's password rule plus a confirmation typed twice. The token
 * comes from the link (?token=…), not from a field.
 */
export const newPasswordFormSchema = resetPasswordSchema
  .pick({ password: true })
  .extend({ password_confirmation: z.string() })
  .refine((v) => v.password === v.password_confirmation, { path: ['password_confirmation'], error: messages.passwordsDiffer.id });

export type NewPasswordFormValues = z.input<typeof newPasswordFormSchema>;
