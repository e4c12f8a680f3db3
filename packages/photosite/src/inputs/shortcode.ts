/**
 * Shortcodes and media ids. A post's shortcode is its numeric media id (`pk`) written in base 64 with the alphabet
 * `A-Z a-z 0-9 - _`, 6 bits per character, most significant first (corpus README §3: `C10MvewSSYl` =
 * `3275298868401088037`). Media ids exceed 2^53, so the conversion is done on BigInt.
 */

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const DIGIT = new Map([...ALPHABET].map((char, index) => [char, BigInt(index)]));

/** A shortcode: 1–14 characters of the alphabet (11 today; older posts have 10, ids never need more than 11). */
export const SHORTCODE_PATTERN = /^[A-Za-z0-9_-]{1,14}$/;

/** Most digits of a media id: a `pk` is a 64-bit integer (at most 18446744073709551615). */
export const MEDIA_ID_MAX_DIGITS = 20;

/** A media id: the decimal `pk`, optionally followed by `_<owner id>` as in the `id` field of v1 answers. */
const MEDIA_ID_PATTERN = new RegExp(`^(\\d{1,${MEDIA_ID_MAX_DIGITS}})(?:_\\d+)?$`);

/**
 * Converts a shortcode to its media id.
 * @param shortcode e.g. `C10MvewSSYl`.
 * @returns the decimal media id, e.g. `3275298868401088037`.
 * @throws RangeError when the shortcode holds a character outside the alphabet or is empty.
 */
export function shortcodeToMediaId(shortcode: string): string {
  if (!SHORTCODE_PATTERN.test(shortcode)) throw new RangeError(`not a shortcode: ${shortcode}`);
  let id = 0n;
  for (const char of shortcode) id = id * 64n + (DIGIT.get(char) ?? 0n);
  return id.toString();
}

/**
 * Converts a media id to its shortcode.
 * @param mediaId the decimal `pk`, or a v1 `id` (`<pk>_<owner id>`, whose owner part is ignored).
 * @returns the shortcode, e.g. `C10MvewSSYl`.
 * @throws RangeError when `mediaId` is not decimal digits.
 */
export function mediaIdToShortcode(mediaId: string): string {
  const match = MEDIA_ID_PATTERN.exec(mediaId);
  if (!match?.[1]) throw new RangeError(`not a media id: ${mediaId}`);
  let id = BigInt(match[1]);
  let code = "";
  do {
    code = ALPHABET[Number(id % 64n)] + code;
    id /= 64n;
  } while (id > 0n);
  return code;
}

/**
 * The exact media id of a v1 answer: the `pk` string, else the `<pk>_<owner>` `id`, else the shortcode. A numeric
 * `pk` beyond 2^53 (2022 answers) was rounded by `JSON.parse` and is used only when it is still exact.
 * @returns the decimal id, or null when none of the three is usable.
 */
export function exactMediaId(pk: unknown, id: unknown, shortcode: string | null): string | null {
  if (typeof pk === "string" && /^\d+$/.test(pk)) return pk;
  if (typeof id === "string") {
    const match = MEDIA_ID_PATTERN.exec(id);
    if (match?.[1]) return match[1];
  }
  if (shortcode && SHORTCODE_PATTERN.test(shortcode)) return shortcodeToMediaId(shortcode);
  if (typeof pk === "number" && Number.isSafeInteger(pk)) return String(pk);
  return null;
}
