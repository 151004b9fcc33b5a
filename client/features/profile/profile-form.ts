import { REGISTRATION_TEXT } from '@common/messages';
import { emailText, isEmailAddress, singleLineText, TEXT_LIMITS } from '@common/schemas/text';
import type { CurrentUser } from '@common/schemas/users';
import { z } from 'zod';

/** A transfer e-mail is optional: empty clears it, anything else must look like an address. */
const transferEmail = emailText().refine((value) => value === '' || isEmailAddress(value), {
  error: REGISTRATION_TEXT.emailInvalid,
});

/** The settings form, bounded by the same shared schemas the server applies. */
export const profileFormSchema = z.object({
  firstName: singleLineText(TEXT_LIMITS.personName).min(1, { error: REGISTRATION_TEXT.firstNameRequired }),
  lastName: singleLineText(TEXT_LIMITS.personName).min(1, { error: REGISTRATION_TEXT.lastNameRequired }),
  fullName: singleLineText(TEXT_LIMITS.fullName),
  ticketmasterEmail: transferEmail,
  livenationEmail: transferEmail,
  axsEmail: transferEmail,
});
export type ProfileFormValues = z.infer<typeof profileFormSchema>;

export function profileFormValues(user: CurrentUser): ProfileFormValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: user.fullName ?? '',
    ticketmasterEmail: user.ticketmasterEmail ?? '',
    livenationEmail: user.livenationEmail ?? '',
    axsEmail: user.axsEmail ?? '',
  };
}

/** The change-email form: the browser checks type=email; this keeps the same rule as registration. */
export const newEmailSchema = z.object({
  email: emailText().refine((value) => value === '' || isEmailAddress(value), {
    error: REGISTRATION_TEXT.emailInvalid,
  }),
});
