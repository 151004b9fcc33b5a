import { MIN_EMAIL_LENGTH, MIN_USERNAME_LENGTH } from '../../../common/constants.js';
import { INPUT_TEXT, RECOVERY_TEXT, SERVER_MESSAGE, SIGN_IN_TEXT } from '../../../common/messages.js';
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  MIN_PASSWORD_SCORE,
  passwordScore,
} from '../../../common/password.js';
import { isEmailAddress, TEXT_LIMITS } from '../../../common/schemas/text.js';

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

/**
 * Characters a username may not hold: control characters (C0, DEL, C1, which include the line breaks
 * U+000A, U+000D and U+0085), the Unicode line and paragraph separators, every format character (the
 * bidirectional marks, embeddings, overrides and isolates, zero-width spaces and joiners, the word joiner,
 * the byte order mark, soft hyphens, tag characters), private-use, surrogate and unassigned code points,
 * and the letters and marks that show as nothing (Hangul fillers, the blank Braille pattern, the combining
 * grapheme joiner, variation selectors): 'admin' followed by any of them would pass for 'admin'
 * (decision 0032). NFKC already folds the full-width forms.
 */
const FORBIDDEN_USERNAME_CHARACTER =
  /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Cn}\p{Zl}\p{Zp}\u115f\u1160\u2800\u3164\uffa0]/u;
/** The combining marks among them, apart: each is a class of its own, not a mark after a letter. */
const INVISIBLE_USERNAME_MARK = /\u034f|\u17b4|\u17b5|[\u180b-\u180f]|[\ufe00-\ufe0f]|[\u{e0100}-\u{e01ef}]/u;

/** The form a username is stored and looked up in: NFKC (full-width letters become ASCII, and so on), trimmed. */
export function normalizeUsername(username: string): string {
  return username.normalize('NFKC').trim();
}

/** Whether a username holds a control character, a line break, an invisible or a text-direction character. */
export function hasForbiddenUsernameCharacter(username: string): boolean {
  return FORBIDDEN_USERNAME_CHARACTER.test(username) || INVISIBLE_USERNAME_MARK.test(username);
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
  if (hasForbiddenUsernameCharacter(input.username)) return SIGN_IN_TEXT.usernameInvalidCharacters;
  if (input.username.length < MIN_USERNAME_LENGTH) return SERVER_MESSAGE.usernameTooShort;
  // NFKC may lengthen a name (one ligature can become several letters), so the stored form is measured.
  if (input.username.length > TEXT_LIMITS.username) return INPUT_TEXT.tooLong(TEXT_LIMITS.username);
  if (!input.password) return SERVER_MESSAGE.passwordRequired;
  if (input.password.length < MIN_PASSWORD_LENGTH) return SERVER_MESSAGE.passwordTooShort;
  if (input.password.length > MAX_PASSWORD_LENGTH) return RECOVERY_TEXT.passwordMax;
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
