import { hasControlCharacter, TEXT_LIMITS } from '../../../common/schemas/text.js';

/**
 * What the catalog import stores of a source's texts and addresses (issue 43 §12): the catalog is the one
 * door through which outside text reaches Encore's pages without a member's form, so it is held to what
 * the forms accept.
 */

/**
 * Whether a character has no place in a one-line name: C0 and C1 controls, DEL, and the Unicode line and
 * paragraph separators (U+2028, U+2029), as `hasControlCharacter` refuses them in every form.
 */
function isControl(code: number): boolean {
  return code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
}

/** `value` with each control character and line separator replaced by a space. Linear time. */
function controlsAsSpaces(value: string): string {
  let line = '';
  for (let index = 0; index < value.length; index++)
    line += isControl(value.charCodeAt(index)) ? ' ' : value[index];
  return line;
}

/**
 * One line of catalog text: controls and line separators become spaces, runs of white space one space, the
 * ends are trimmed, and the text is cut to `max` characters (never inside a surrogate pair). A name with a
 * U+2028 in it is stored as the listing form will send it back, so its listings are not refused.
 */
export function catalogText(value: string, max: number = TEXT_LIMITS.shortText): string {
  const line = controlsAsSpaces(value).replace(/\s+/gu, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  return (last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut).trimEnd();
}

/**
 * An address a page may link or show (an artist's picture or page): absolute http(s), or a path of the app's
 * own ('/api/images/…'); anything else (javascript:, data:, a protocol-relative '//host') is dropped (null).
 */
export function webAddress(value: string | null | undefined): string | null {
  const address = value?.trim() ?? '';
  if (address === '' || address.length > TEXT_LIMITS.url) return null;
  if (address.startsWith('/'))
    return /^\/[^/\\]/.test(address) && !hasControlCharacter(address) ? address : null;
  try {
    const url = new URL(address);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Generated art the catalog keeps itself: a data: URL of an image type an <img> shows. */
const GENERATED_ART = /^data:image\/(svg\+xml|png|jpeg|webp|gif)[;,]/;

/**
 * An artist's picture: a web address as webAddress takes it, or generated art kept as a data: URL (the demo
 * catalog's), which no page or answer ever carries: they name it by the app's own URL (decision 0018).
 */
export function artistPicture(value: string | null | undefined): string | null {
  const picture = value?.trim() ?? '';
  return GENERATED_ART.test(picture) ? picture : webAddress(picture);
}
