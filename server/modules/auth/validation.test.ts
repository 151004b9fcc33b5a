import { describe, expect, it } from 'vitest';
import { INPUT_TEXT, RECOVERY_TEXT, SERVER_MESSAGE, SIGN_IN_TEXT } from '../../../common/messages.js';
import {
  hasForbiddenUsernameCharacter,
  isAccountEmailShape,
  looksLikeEmail,
  newPasswordProblem,
  normalizeUsername,
  registrationProblem,
} from './validation.js';

const valid = {
  firstName: 'Rae',
  lastName: 'Fan',
  email: 'rae@example.com',
  username: 'rae',
  password: 'Sturdy#Pass1',
};

describe('registrationProblem', () => {
  it('accepts a complete registration', () => {
    expect(registrationProblem(valid)).toBeNull();
  });

  it('reports the first broken rule in the client order', () => {
    expect(registrationProblem({ firstName: '', lastName: '', email: '', username: '', password: '' })).toBe(
      SERVER_MESSAGE.firstNameRequired,
    );
    expect(registrationProblem({ ...valid, lastName: '', email: '' })).toBe(SERVER_MESSAGE.lastNameRequired);
    expect(registrationProblem({ ...valid, email: '', username: '' })).toBe(SERVER_MESSAGE.emailRequired);
    expect(registrationProblem({ ...valid, email: 'a@b', username: '' })).toBe(SERVER_MESSAGE.emailInvalid);
    expect(registrationProblem({ ...valid, username: '', password: '' })).toBe(
      SERVER_MESSAGE.usernameRequired,
    );
    expect(registrationProblem({ ...valid, username: 'ab', password: '' })).toBe(
      SERVER_MESSAGE.usernameTooShort,
    );
    expect(registrationProblem({ ...valid, password: '' })).toBe(SERVER_MESSAGE.passwordRequired);
    expect(registrationProblem({ ...valid, password: 'Ab#1234' })).toBe(SERVER_MESSAGE.passwordTooShort);
    expect(registrationProblem({ ...valid, password: 'abcdefgh' })).toBe(SERVER_MESSAGE.passwordRequirements);
  });

  it('accepts a password of score 60 and refuses one of 40', () => {
    expect(registrationProblem({ ...valid, password: 'abcdefg1' })).toBeNull();
    expect(registrationProblem({ ...valid, password: 'abcdefghij' })).toBe(
      SERVER_MESSAGE.passwordRequirements,
    );
  });
});

describe('e-mail shapes', () => {
  it('uses the spec rule for account addresses: @, a dot, 5 characters', () => {
    expect(isAccountEmailShape('a@b.c')).toBe(true);
    expect(isAccountEmailShape('a@b.')).toBe(false);
    expect(isAccountEmailShape('ab@cd')).toBe(false);
    expect(isAccountEmailShape('ab.cd')).toBe(false);
  });

  it('looksLikeEmail wants local part, domain and a dot after the @', () => {
    expect(looksLikeEmail('rae@example.com')).toBe(true);
    expect(looksLikeEmail('rae.fan@example')).toBe(false);
    expect(looksLikeEmail('rae @example.com')).toBe(false);
    expect(looksLikeEmail('@example.com')).toBe(false);
  });
});

describe('newPasswordProblem', () => {
  it.each([
    ['Ab1', RECOVERY_TEXT.passwordMin],
    [`Ab1${'c'.repeat(98)}`, RECOVERY_TEXT.passwordMax],
    ['abcdefg1', RECOVERY_TEXT.passwordUppercase],
    ['ABCDEFG1', RECOVERY_TEXT.passwordLowercase],
    ['Abcdefgh', RECOVERY_TEXT.passwordNumber],
    ['Abcdefg1', null],
    [`Ab1${'c'.repeat(97)}`, null],
  ])('%s → %s', (password, problem) => {
    expect(newPasswordProblem(password)).toBe(problem);
  });
});

describe('usernames', () => {
  it('normalises to NFKC and trims', () => {
    expect(normalizeUsername('  ｍａｙａ ')).toBe('maya');
    expect(normalizeUsername('ﬁnn')).toBe('finn');
    expect(normalizeUsername('Zoë')).toBe('Zoë');
  });

  it.each([
    'a\u0000b',
    'a\nb',
    'a\u0085b',
    'a\u200eb',
    'a\u202eb',
    'a\u2067b',
    'a\u061cb',
    'a\u2029b',
    'admin\u200b',
    'a\u2060b',
    'a\ufeffb',
    'a\u3164b',
    'a\ufe0fb',
  ])('refuses %j', (username) => {
    expect(hasForbiddenUsernameCharacter(username)).toBe(true);
    expect(registrationProblem({ ...valid, username })).toBe(SIGN_IN_TEXT.usernameInvalidCharacters);
  });

  it('accepts letters of any script and emoji', () => {
    expect(hasForbiddenUsernameCharacter('Zoë_東京-🎸')).toBe(false);
  });

  it('measures the stored form against the 50-character limit', () => {
    expect(registrationProblem({ ...valid, username: 'a'.repeat(50) })).toBeNull();
    expect(registrationProblem({ ...valid, username: 'a'.repeat(51) })).toBe(INPUT_TEXT.tooLong(50));
  });

  it('takes passwords of at most 100 characters', () => {
    expect(registrationProblem({ ...valid, password: `Ab1#${'x'.repeat(96)}` })).toBeNull();
    expect(registrationProblem({ ...valid, password: `Ab1#${'x'.repeat(97)}` })).toBe(
      RECOVERY_TEXT.passwordMax,
    );
  });
});
