import { AUTH_ERROR_TEXT, REGISTRATION_TEXT, SERVER_MESSAGE, SIGN_IN_TEXT } from '@common/messages';
import { describe, expect, it } from 'vitest';
import { mapAuthError } from './auth-error-map';

describe('the login and registration error table (spec 000 §8), row by row', () => {
  it.each([
    ['Incorrect password', AUTH_ERROR_TEXT.badCredentials],
    ['invalid password', AUTH_ERROR_TEXT.badCredentials],
    ['Invalid username or password', AUTH_ERROR_TEXT.badCredentials],
    ['User not found', AUTH_ERROR_TEXT.badCredentials],
    ['Username not found', AUTH_ERROR_TEXT.badCredentials],
    ['Username already exists', AUTH_ERROR_TEXT.usernameTaken],
    ['That username is taken', AUTH_ERROR_TEXT.usernameTaken],
    ['Email already exists', AUTH_ERROR_TEXT.emailTaken],
    ['Email already registered', AUTH_ERROR_TEXT.emailTaken],
    ['Email is required', REGISTRATION_TEXT.emailRequired],
    ['Username is required', REGISTRATION_TEXT.usernameRequired],
    ['Password is required', REGISTRATION_TEXT.passwordRequired],
    ['First name is required', REGISTRATION_TEXT.firstNameRequired],
    ['Last name is required', REGISTRATION_TEXT.lastNameRequired],
    ['Password too short', AUTH_ERROR_TEXT.passwordTooShort],
    ['Password does not meet the password requirements', AUTH_ERROR_TEXT.passwordRequirements],
    ['Passwords do not match', REGISTRATION_TEXT.passwordMismatch],
    ['Invalid email', REGISTRATION_TEXT.emailInvalid],
    ['Email not verified', AUTH_ERROR_TEXT.emailNotVerified],
    ['Account suspended', AUTH_ERROR_TEXT.accountSuspended],
    ['Account locked', AUTH_ERROR_TEXT.accountLocked],
    ['Network connection error', AUTH_ERROR_TEXT.network],
    ['Connection reset', AUTH_ERROR_TEXT.network],
    ['Internal Server Error', AUTH_ERROR_TEXT.serverError],
    ['500', AUTH_ERROR_TEXT.serverError],
    ['Service Unavailable', AUTH_ERROR_TEXT.unavailable],
    ['503', AUTH_ERROR_TEXT.unavailable],
    ['Too Many Requests', AUTH_ERROR_TEXT.tooManyRequests],
    ['Rate limit exceeded, retry in 1 minute', AUTH_ERROR_TEXT.tooManyRequests],
    ['Invalid verification code', AUTH_ERROR_TEXT.invalidCode],
    ['Verification code expired', AUTH_ERROR_TEXT.expiredCode],
    ['Unexpected error', AUTH_ERROR_TEXT.generic],
    ['Login failed', AUTH_ERROR_TEXT.generic],
  ])('%j → %j', (serverMessage, shown) => {
    expect(mapAuthError(serverMessage)).toBe(shown);
  });

  it('ignores case', () => {
    expect(mapAuthError('ACCOUNT LOCKED')).toBe(AUTH_ERROR_TEXT.accountLocked);
    expect(mapAuthError('email NOT verified')).toBe(AUTH_ERROR_TEXT.emailNotVerified);
  });

  it('uses the first matching row in the table order', () => {
    // Both the credentials row and the 'failed' row match; the credentials row comes first.
    expect(mapAuthError('Login failed: invalid username or password')).toBe(AUTH_ERROR_TEXT.badCredentials);
    // 'required' + username beats the later generic row.
    expect(mapAuthError('Error: username is required')).toBe(REGISTRATION_TEXT.usernameRequired);
  });

  it('shows anything else as it is, and the generic text for an empty answer', () => {
    expect(mapAuthError('Your username must be at least 3 characters long.')).toBe(
      REGISTRATION_TEXT.usernameTooShort,
    );
    expect(mapAuthError('Not authenticated')).toBe('Not authenticated');
    // A lookalike name (decision 0064) is not 'already taken': the member is told why it is refused.
    expect(mapAuthError(SIGN_IN_TEXT.usernameTooSimilar)).toBe(SIGN_IN_TEXT.usernameTooSimilar);
    expect(mapAuthError('')).toBe(AUTH_ERROR_TEXT.generic);
  });
});

describe('every message the server sends (SERVER_MESSAGE) maps to the text the spec shows', () => {
  const expected: Record<keyof typeof SERVER_MESSAGE, string> = {
    firstNameRequired: REGISTRATION_TEXT.firstNameRequired,
    lastNameRequired: REGISTRATION_TEXT.lastNameRequired,
    emailRequired: REGISTRATION_TEXT.emailRequired,
    emailInvalid: REGISTRATION_TEXT.emailInvalid,
    usernameRequired: REGISTRATION_TEXT.usernameRequired,
    usernameTooShort: REGISTRATION_TEXT.usernameTooShort,
    passwordRequired: REGISTRATION_TEXT.passwordRequired,
    passwordTooShort: AUTH_ERROR_TEXT.passwordTooShort,
    passwordRequirements: AUTH_ERROR_TEXT.passwordRequirements,
    usernameTaken: AUTH_ERROR_TEXT.usernameTaken,
    emailTaken: AUTH_ERROR_TEXT.emailTaken,
    badCredentials: AUTH_ERROR_TEXT.badCredentials,
    emailNotVerified: AUTH_ERROR_TEXT.emailNotVerified,
    accountSuspended: AUTH_ERROR_TEXT.accountSuspended,
    accountLocked: AUTH_ERROR_TEXT.accountLocked,
    tooManyRequests: AUTH_ERROR_TEXT.tooManyRequests,
    invalidCode: AUTH_ERROR_TEXT.invalidCode,
    expiredCode: AUTH_ERROR_TEXT.expiredCode,
    codeAttemptsExhausted: AUTH_ERROR_TEXT.expiredCode,
    notAuthenticated: SERVER_MESSAGE.notAuthenticated,
    forbidden: SERVER_MESSAGE.forbidden,
    notFound: SERVER_MESSAGE.notFound,
    crossOrigin: SERVER_MESSAGE.crossOrigin,
    internal: AUTH_ERROR_TEXT.serverError,
  };

  it.each(Object.entries(SERVER_MESSAGE))('%s: %j', (key, serverMessage) => {
    expect(mapAuthError(serverMessage)).toBe(expected[key as keyof typeof SERVER_MESSAGE]);
  });
});
