import { MIN_EMAIL_LENGTH, MIN_USERNAME_LENGTH } from '../../../common/constants.js';
import { RECOVERY_TEXT, SERVER_MESSAGE } from '../../../common/messages.js';
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  MIN_PASSWORD_SCORE,
  passwordScore,
} from '../../../common/password.js';
import { isEmailAddress } from '../../../common/schemas/text.js';

/** The account e-mail rule of spec 000 §5: contains '@' and '.', at least 5 characters. */
export function isAccountEmailShape(email: string): boolean {
  return email.length >= MIN_EMAIL_LENGTH && email.includes('@') && email.includes('.');
}

/**
 * A stricter "looks like an address" check for addresses that are not account logins: the shared
 * linear-time check (a backtracking pattern here once blocked the instance for 22 s on one request).
 */
export function looksLikeEmail(email: string): boolean {
  return isEmailAddress(email);
}

export interface RegistrationFields {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  password: string;
}

/** The first registration rule the input breaks, in the client's order (spec 000 §5), or null. */
export function registrationProblem(input: RegistrationFields): string | null {
  if (!input.firstName) return SERVER_MESSAGE.firstNameRequired;
  if (!input.lastName) return SERVER_MESSAGE.lastNameRequired;
  if (!input.email) return SERVER_MESSAGE.emailRequired;
  if (!isAccountEmailShape(input.email)) return SERVER_MESSAGE.emailInvalid;
  if (!input.username) return SERVER_MESSAGE.usernameRequired;
  if (input.username.length < MIN_USERNAME_LENGTH) return SERVER_MESSAGE.usernameTooShort;
  if (!input.password) return SERVER_MESSAGE.passwordRequired;
  if (input.password.length < MIN_PASSWORD_LENGTH) return SERVER_MESSAGE.passwordTooShort;
  if (passwordScore(input.password) < MIN_PASSWORD_SCORE) return SERVER_MESSAGE.passwordRequirements;
  return null;
}

/** The first reset-password rule (spec 001 §5) the new password breaks, or null. */
export function newPasswordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return RECOVERY_TEXT.passwordMin;
  if (password.length > MAX_PASSWORD_LENGTH) return RECOVERY_TEXT.passwordMax;
  if (!/[A-Z]/.test(password)) return RECOVERY_TEXT.passwordUppercase;
  if (!/[a-z]/.test(password)) return RECOVERY_TEXT.passwordLowercase;
  if (!/\d/.test(password)) return RECOVERY_TEXT.passwordNumber;
  return null;
}
