import { AUTH_ERROR_TEXT, REGISTRATION_TEXT } from '@common/messages';

interface MappingRow {
  matches(text: string): boolean;
  shown: string;
}

const has =
  (...needles: string[]) =>
  (text: string) =>
    needles.some((needle) => text.includes(needle));

/** A required-field message: mentions 'required' and the field. */
const requiredField =
  (...fields: string[]) =>
  (text: string) =>
    text.includes('required') && fields.some((field) => text.includes(field));

/**
 * Spec 000 §8 'Login and registration', row by row in the table's order; the first row whose
 * substring the server message contains decides the shown text. Matching ignores case.
 */
const ROWS: readonly MappingRow[] = [
  {
    matches: has(
      'incorrect password',
      'invalid password',
      'incorrect username or password',
      'invalid username or password',
      'user not found',
      'username not found',
    ),
    shown: AUTH_ERROR_TEXT.badCredentials,
  },
  {
    matches: (text) =>
      text.includes('username') && (text.includes('already exists') || text.includes('taken')),
    shown: AUTH_ERROR_TEXT.usernameTaken,
  },
  {
    matches: (text) =>
      text.includes('email') && (text.includes('already exists') || text.includes('already registered')),
    shown: AUTH_ERROR_TEXT.emailTaken,
  },
  { matches: requiredField('email'), shown: REGISTRATION_TEXT.emailRequired },
  { matches: requiredField('username'), shown: REGISTRATION_TEXT.usernameRequired },
  { matches: requiredField('password'), shown: REGISTRATION_TEXT.passwordRequired },
  { matches: requiredField('first name', 'firstname'), shown: REGISTRATION_TEXT.firstNameRequired },
  { matches: requiredField('last name', 'lastname'), shown: REGISTRATION_TEXT.lastNameRequired },
  { matches: has('password too short'), shown: AUTH_ERROR_TEXT.passwordTooShort },
  { matches: has('password requirements'), shown: AUTH_ERROR_TEXT.passwordRequirements },
  {
    matches: has('passwords do not match', "passwords don't match"),
    shown: REGISTRATION_TEXT.passwordMismatch,
  },
  { matches: has('invalid email'), shown: REGISTRATION_TEXT.emailInvalid },
  { matches: has('email not verified'), shown: AUTH_ERROR_TEXT.emailNotVerified },
  { matches: has('account suspended'), shown: AUTH_ERROR_TEXT.accountSuspended },
  { matches: has('account locked'), shown: AUTH_ERROR_TEXT.accountLocked },
  { matches: has('network', 'connection'), shown: AUTH_ERROR_TEXT.network },
  { matches: has('server error', '500'), shown: AUTH_ERROR_TEXT.serverError },
  { matches: has('service unavailable', '503'), shown: AUTH_ERROR_TEXT.unavailable },
  { matches: has('too many requests', 'rate limit'), shown: AUTH_ERROR_TEXT.tooManyRequests },
  { matches: has('invalid verification code'), shown: AUTH_ERROR_TEXT.invalidCode },
  { matches: has('verification code expired'), shown: AUTH_ERROR_TEXT.expiredCode },
  { matches: has('error', 'failed'), shown: AUTH_ERROR_TEXT.generic },
];

/**
 * The friendlier text the authentication screen shows for a server (or helper) message.
 * Anything no row knows is shown as it is, minus the word 'Error'; an empty answer gets
 * the generic text rather than an empty alert.
 */
export function mapAuthError(serverMessage: string): string {
  const text = serverMessage.toLowerCase();
  const row = ROWS.find((candidate) => candidate.matches(text));
  if (row) return row.shown;
  const cleaned = serverMessage
    .replace(/\bError\b:?/g, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return cleaned || AUTH_ERROR_TEXT.generic;
}
