import { z } from 'zod';
import { INPUT_TEXT } from '../messages.js';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../password.js';

/**
 * Bounded text for every request schema (decision 0007). Every string a client sends goes through
 * `boundedText` (or one of its shortcuts): it has a maximum length, and refuses NUL and the other control
 * characters (line breaks and tabs only in multi-line free text), so no request can reach the database
 * or a regular expression with unbounded or unstorable text. Minimum lengths and formats stay with the
 * services, which answer with the spec's own messages in the spec's order.
 */
export const TEXT_LIMITS = {
  /** RFC 5321: a forward path is at most 256 octets including the angle brackets. */
  email: 254,
  username: 50,
  /** First name, last name, a subscriber's name. */
  personName: 100,
  fullName: 200,
  /** Spec 001 §9: passwords are 8 to 100 characters, on registration and reset alike. */
  passwordMin: MIN_PASSWORD_LENGTH,
  password: MAX_PASSWORD_LENGTH,
  phone: 32,
  /** A 6-digit code; some room for pasted spaces. */
  verificationCode: 32,
  /** E-mail link tokens, image public ids and similar opaque identifiers. */
  token: 200,
  /** One-line labels: event name, venue, seats, an artist's name. */
  shortText: 200,
  /** Multi-line free text (descriptions, messages). */
  freeText: 2_000,
  /** Concert search: characters and words of the query, checked before any SQL. */
  searchQuery: 100,
  searchWords: 8,
  url: 2_048,
} as const;

/** Largest PostgreSQL `integer`: ids, versions and counts above it can name nothing. */
export const INT32_MAX = 2_147_483_647;

export interface TextOptions {
  /** Allow line breaks and tabs (multi-line free text). Default false. */
  multiline?: boolean;
  /** Trim surrounding white space before the length check. Default true; false for passwords and codes. */
  trim?: boolean;
  /** The message when the text is longer than `max`; default INPUT_TEXT.tooLong(max). */
  tooLong?: string;
  /** The message when the value is missing or not a string; default zod's own. */
  notText?: string;
}

/**
 * Whether `value` holds a character that has no place in text: C0 and C1 controls (NUL included), DEL and
 * the Unicode line/paragraph separators. With `allowLineBreaks`, \n, \r and \t are allowed. Linear time.
 */
export function hasControlCharacter(value: string, allowLineBreaks = false): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    const control = code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
    if (!control) continue;
    if (allowLineBreaks && (code === 0x0a || code === 0x0d || code === 0x09)) continue;
    return true;
  }
  return false;
}

/**
 * A character that shows: anything but white space, format characters (bidi marks, zero-width spaces and
 * joiners, the word joiner, the byte order mark, the soft hyphen) and the other default-ignorable code
 * points (Hangul fillers, variation selectors, the combining grapheme joiner), and the blank Braille
 * pattern. One character class, so the test is linear in the text.
 */
const VISIBLE_CHARACTER = /[^\p{White_Space}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/u;

/** Whether `value` holds at least one character a reader can see (text of only U+200B and the like does not). */
export function hasVisibleCharacter(value: string): boolean {
  return VISIBLE_CHARACTER.test(value);
}

/**
 * Free text that must say something: bounded like `boundedText`, and refused with `blank` (the field's
 * message for an empty value) when it is empty or made only of invisible characters.
 */
export function visibleText(max: number, options: TextOptions & { blank: string }) {
  return boundedText(max, { notText: options.blank, ...options }).refine(hasVisibleCharacter, {
    error: options.blank,
  });
}

/** A string of at most `max` characters without control characters, trimmed unless `trim: false`. */
export function boundedText(max: number, options: TextOptions = {}) {
  const text = options.notText ? z.string({ error: options.notText }) : z.string();
  const base = options.trim === false ? text : text.trim();
  return base
    .max(max, { error: options.tooLong ?? INPUT_TEXT.tooLong(max) })
    .refine((value) => !hasControlCharacter(value, options.multiline === true), {
      error: options.multiline ? INPUT_TEXT.controlCharacters : INPUT_TEXT.singleLine,
    });
}

/** One line of text (names, labels, e-mail addresses, queries). */
export const singleLineText = (max: number, tooLong?: string) => boundedText(max, { tooLong });
/** Free text that may span lines. */
export const multiLineText = (max: number, tooLong?: string) =>
  boundedText(max, { multiline: true, tooLong });
/** Exactly what was typed (passwords, codes): never trimmed, still bounded and free of control characters. */
export const exactText = (max: number, tooLong?: string) => boundedText(max, { trim: false, tooLong });
/** An e-mail address field: one line of at most 254 characters (its shape is checked by `isEmailAddress`). */
export const emailText = () => singleLineText(TEXT_LIMITS.email);

/** A positive PostgreSQL integer id, from JSON or from a path/query string ('12'); 2,147,483,648 is refused. */
export const positiveInt32 = (message: string = INPUT_TEXT.invalidId) =>
  z.coerce.number({ error: message }).int({ error: message }).min(1, { error: message }).max(INT32_MAX, {
    error: message,
  });

function isWhiteSpace(code: number): boolean {
  return (
    code <= 0x20 ||
    code === 0x85 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * "Looks like an address": one '@' with something before it, a domain holding a dot with something on
 * both sides, no white space, at most 254 characters. One pass over the text, no regular expression, so
 * its cost is linear in the input whatever the input is (a backtracking pattern took 22 s on 256 KB).
 */
export function isEmailAddress(value: string): boolean {
  if (value.length < 5 || value.length > TEXT_LIMITS.email) return false;
  let at = -1;
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (isWhiteSpace(code)) return false;
    if (code === 0x40) {
      if (at !== -1) return false;
      at = index;
    }
  }
  if (at < 1) return false;
  const domain = value.slice(at + 1);
  const dot = domain.indexOf('.', 1);
  return dot !== -1 && dot < domain.length - 1;
}
