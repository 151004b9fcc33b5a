/**
 * The authentication form's rules as plain functions, without zod or a form library: they run on
 * /login's first load, which is kept lean (decision 0019).
 */
import { MIN_EMAIL_LENGTH, MIN_USERNAME_LENGTH } from '@common/constants';
import { REGISTRATION_TEXT } from '@common/messages';
import { MIN_PASSWORD_SCORE, passwordScore } from '@common/password';
import type { AuthFormField, AuthFormValues } from './auth-form-values';

interface Rule {
  field: AuthFormField;
  broken(values: AuthFormValues): boolean;
  message: string;
}

const blank = (value: string) => value.trim() === '';

/** Spec 000 §5 'Registration', in the order the screen checks them. */
export const REGISTRATION_RULES: readonly Rule[] = [
  { field: 'firstName', broken: (v) => blank(v.firstName), message: REGISTRATION_TEXT.firstNameRequired },
  { field: 'lastName', broken: (v) => blank(v.lastName), message: REGISTRATION_TEXT.lastNameRequired },
  { field: 'email', broken: (v) => blank(v.email), message: REGISTRATION_TEXT.emailRequired },
  {
    field: 'email',
    broken: ({ email }) => {
      const value = email.trim();
      return !value.includes('@') || !value.includes('.') || value.length < MIN_EMAIL_LENGTH;
    },
    message: REGISTRATION_TEXT.emailInvalid,
  },
  { field: 'username', broken: (v) => blank(v.username), message: REGISTRATION_TEXT.usernameRequired },
  {
    field: 'username',
    broken: (v) => v.username.trim().length < MIN_USERNAME_LENGTH,
    message: REGISTRATION_TEXT.usernameTooShort,
  },
  { field: 'password', broken: (v) => v.password === '', message: REGISTRATION_TEXT.passwordRequired },
  {
    field: 'password',
    broken: (v) => passwordScore(v.password) < MIN_PASSWORD_SCORE,
    message: REGISTRATION_TEXT.passwordWeak,
  },
  {
    field: 'confirmPassword',
    broken: (v) => v.confirmPassword !== v.password,
    message: REGISTRATION_TEXT.passwordMismatch,
  },
];

/**
 * Login needs both fields; the texts are the ones the server's 'required' answers map to
 * (spec 000 §8), so checking here only saves a round trip.
 */
export const LOGIN_RULES: readonly Rule[] = [
  { field: 'username', broken: (v) => blank(v.username), message: REGISTRATION_TEXT.usernameRequired },
  { field: 'password', broken: (v) => v.password === '', message: REGISTRATION_TEXT.passwordRequired },
];

/** Only the first broken rule is reported: the screen shows one message at a time. */
export function firstBrokenRule(rules: readonly Rule[], values: AuthFormValues): Rule | undefined {
  return rules.find((rule) => rule.broken(values));
}
