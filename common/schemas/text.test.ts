import { describe, expect, it } from 'vitest';
import { INPUT_TEXT } from '../messages.js';
import {
  boundedText,
  emailText,
  exactText,
  hasControlCharacter,
  hasVisibleCharacter,
  INT32_MAX,
  isEmailAddress,
  multiLineText,
  positiveInt32,
  singleLineText,
  TEXT_LIMITS,
  visibleText,
} from './text.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('bounded text', () => {
  it('trims, then allows exactly the maximum and refuses one more', () => {
    const schema = singleLineText(5);
    expect(schema.parse('  abcde  ')).toBe('abcde');
    const result = schema.safeParse('abcdef');
    expect(result.success).toBe(false);
    expect(firstMessage(result)).toBe(INPUT_TEXT.tooLong(5));
  });

  it('takes a custom too-long message', () => {
    expect(firstMessage(boundedText(2, { tooLong: 'Too long!' }).safeParse('abc'))).toBe('Too long!');
  });

  it.each(['a\u0000b', 'a\nb', 'a\rb', 'a\tb', '\u0007', 'a\u007fb', 'a\u0085b', 'a\u2028b', 'a\u2029b'])(
    'refuses control character in one-line text %j',
    (value) => {
      const result = singleLineText(50).safeParse(value);
      expect(result.success).toBe(false);
      expect(firstMessage(result)).toBe(INPUT_TEXT.singleLine);
    },
  );

  it('allows line breaks and tabs, but not NUL, in multi-line text', () => {
    expect(multiLineText(50).parse(' line one\r\nline\ttwo ')).toBe('line one\r\nline\ttwo');
    const result = multiLineText(50).safeParse('one\u0000two');
    expect(result.success).toBe(false);
    expect(firstMessage(result)).toBe(INPUT_TEXT.controlCharacters);
  });

  it('keeps exact text (passwords) untrimmed', () => {
    expect(exactText(TEXT_LIMITS.password).parse(' Secret1! ')).toBe(' Secret1! ');
    expect(exactText(TEXT_LIMITS.password).safeParse('x'.repeat(101)).success).toBe(false);
    expect(exactText(TEXT_LIMITS.password).safeParse('Secret\u00001!').success).toBe(false);
  });

  it('accepts unicode letters and emoji', () => {
    expect(singleLineText(50).parse('Zoë 🎸 東京')).toBe('Zoë 🎸 東京');
    expect(hasControlCharacter('Zoë 🎸 東京')).toBe(false);
  });

  it('bounds e-mail fields at 254 characters', () => {
    const local = 'a'.repeat(64);
    const exactly = `${local}@${'b'.repeat(254 - 64 - 1 - 4)}.com`;
    expect(exactly).toHaveLength(254);
    expect(emailText().parse(exactly)).toBe(exactly);
    expect(emailText().safeParse(`${exactly}m`).success).toBe(false);
  });
});

describe('positive 32-bit ids', () => {
  it.each([
    ['1', 1],
    [42, 42],
    [String(INT32_MAX), INT32_MAX],
  ])('accepts %j', (value, expected) => {
    expect(positiveInt32().parse(value)).toBe(expected);
  });

  it.each([0, -1, 1.5, 'abc', '', INT32_MAX + 1, '2147483648', '1e300', Number.NaN])(
    'refuses %j',
    (value) => {
      const result = positiveInt32().safeParse(value);
      expect(result.success).toBe(false);
      expect(firstMessage(result)).toBe(INPUT_TEXT.invalidId);
    },
  );
});

describe('isEmailAddress', () => {
  it.each(['rae@example.com', 'a@b.co', 'first.last+tag@sub.example.org', 'ümlaut@exämple.de'])(
    'accepts %s',
    (value) => {
      expect(isEmailAddress(value)).toBe(true);
    },
  );

  it.each([
    '',
    'not-an-address',
    'rae@example',
    '@example.com',
    'rae@.com',
    'rae@example.',
    'a@b@c.com',
    'rae @example.com',
    'rae@exa mple.com',
    'rae@example.com\u00a0',
    `${'a'.repeat(250)}@b.com`,
  ])('refuses %j', (value) => {
    expect(isEmailAddress(value)).toBe(false);
  });

  it('is linear: a 1 MB adversarial address is refused at once', () => {
    const hostile = `a@${'a.'.repeat(500_000)} x`;
    const started = performance.now();
    expect(isEmailAddress(hostile)).toBe(false);
    expect(isEmailAddress(`a@${'a.'.repeat(120)}x`)).toBe(true);
    expect(performance.now() - started).toBeLessThan(50);
  });
});

describe('visible text', () => {
  const invisibles = [
    '\u200b',
    '\u200c\u200d',
    '\u2060',
    '\ufeff',
    '\u00ad',
    '\u200e\u200f\u202a\u202c\u2066\u2069',
    '\u00a0\u3000\u2007',
    '\u3164\u115f\u1160\uffa0',
    '\ufe0f\u034f',
    '\u2800',
    ' \u200b \u200b ',
  ];

  it.each(invisibles)('finds nothing to see in %j', (value) => {
    expect(hasVisibleCharacter(value)).toBe(false);
  });

  it.each(['a', '\u200bhi\u200b', 'é', '名', '😀', '.', '٠'])('sees %j', (value) => {
    expect(hasVisibleCharacter(value)).toBe(true);
  });

  it.each(['', ...invisibles])('refuses %j with the empty field’s message', (value) => {
    const result = visibleText(20, { blank: 'Say something', multiline: true }).safeParse(value);
    expect(result.success).toBe(false);
    expect(firstMessage(result)).toBe('Say something');
  });

  it('keeps the other limits and passes text with something to see', () => {
    const schema = visibleText(5, { blank: 'Say something', tooLong: 'Too long!' });
    expect(schema.parse(' \u200bhi ')).toBe('\u200bhi');
    expect(firstMessage(schema.safeParse('abcdef'))).toBe('Too long!');
  });

  it('answers in linear time on a long run of invisible characters', () => {
    const started = performance.now();
    expect(hasVisibleCharacter('\u200b'.repeat(1_000_000))).toBe(false);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
