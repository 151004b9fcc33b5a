import { RECOVERY_TEXT } from '@common/messages';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@common/password';
import { z } from 'zod';

/** Spec 001 §5 'Reset password'. */
export const resetPasswordFormSchema = z
  .object({
    newPassword: z
      .string()
      .min(MIN_PASSWORD_LENGTH, RECOVERY_TEXT.passwordMin)
      .max(MAX_PASSWORD_LENGTH, RECOVERY_TEXT.passwordMax)
      .regex(/[A-Z]/, RECOVERY_TEXT.passwordUppercase)
      .regex(/[a-z]/, RECOVERY_TEXT.passwordLowercase)
      .regex(/\d/, RECOVERY_TEXT.passwordNumber),
    confirmPassword: z.string(),
  })
  .refine((values) => values.confirmPassword === values.newPassword, {
    path: ['confirmPassword'],
    message: RECOVERY_TEXT.passwordsDoNotMatch,
  });
export type ResetPasswordFormValues = z.infer<typeof resetPasswordFormSchema>;

/** Spec 001 §5 'Forgot password and forgot username'. */
export const emailRequestFormSchema = z.object({
  email: z
    .string()
    .trim()
    .pipe(z.email({ error: RECOVERY_TEXT.invalidEmail })),
});
export type EmailRequestFormValues = z.input<typeof emailRequestFormSchema>;
