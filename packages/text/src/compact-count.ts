/**
 * Counts as platforms print them: exact ("12,916 views", "19.924 Likes", "like this video along with 5,471,574 other
 * people") or compact ("5.4m", "727K", "23.2 thousand subscribers", "3,4 Mio.", "1.2 crore", "1,5万"). SPEC §2.2:
 * compact counts are expanded to integers and flagged approximate; the original label is kept by the caller in a
 * `...Text` field (see {@link countField}).
 */

/** A count read from a label. */
interface ParsedCount {
  /** The integer value (a compact label is expanded: "5.4m" → 5 400 000). */
  value: number;
  /** True when the label was compact (K/M/B, a word or CJK multiplier), so the value is rounded by the platform. */
  approximate: boolean;
}

/**
 * Multipliers by value, each a list of regex alternatives (lower case; matched case-insensitively). Latin ones must
 * end the word (so "3 months" is not 3 million and "7 likes" not 7 thousand); CJK ones are single characters that
 * are followed by more text without a space ("1.2万回視聴").
 * Sources: the platforms' own compact formats in their supported display languages (en, de, fr, es, pt, it, nl, pl,
 * ru, hi/en-IN, ja, zh, ko).
 */
const LATIN_MULTIPLIERS: readonly (readonly [number, readonly string[]])[] = [
  [
    1e9,
    [
      "billions?",
      "bn",
      "mil millones",
      "milliards?",
      "miliardi?",
      "mrd\\.?",
      "mld\\.?",
      "md",
      "млрд\\.?",
      "bi",
      "b",
    ],
  ],
  [1e7, ["crores?", "करोड़"]],
  [
    1e6,
    [
      "millions?",
      "millones",
      "millón",
      "milhões",
      "milhão",
      "milioni?",
      "miljoen",
      "mln\\.?",
      "mio\\.?",
      "mill\\.?",
      "млн\\.?",
      "mi",
      "m",
    ],
  ],
  [1e5, ["lakhs?", "lacs?", "लाख"]],
  [1e3, ["thousand", "tsd\\.?", "mille", "mila", "mil", "tys\\.?", "тыс\\.?", "k"]],
];
const CJK_MULTIPLIERS: readonly (readonly [number, readonly string[]])[] = [
  [1e8, ["億", "亿", "억"]],
  [1e4, ["万", "萬", "만"]],
  [1e3, ["千", "천"]],
];

const MULTIPLIER_BY_WORD = new Map<string, number>();
const alternatives: string[] = [];
for (const [, words] of LATIN_MULTIPLIERS)
  for (const word of words) alternatives.push(`(?:${word})(?![\\p{L}\\p{M}])`);
for (const [, words] of CJK_MULTIPLIERS) for (const word of words) alternatives.push(word);

function multiplierOf(word: string): number | undefined {
  const lower = word.toLowerCase();
  const cached = MULTIPLIER_BY_WORD.get(lower);
  if (cached !== undefined) return cached;
  for (const [value, words] of [...LATIN_MULTIPLIERS, ...CJK_MULTIPLIERS])
    for (const pattern of words)
      if (new RegExp(`^(?:${pattern})$`, "iu").test(lower)) {
        MULTIPLIER_BY_WORD.set(lower, value);
        return value;
      }
  return undefined;
}

// A number (digits with optional grouping or decimal separators: , . ' no-break and narrow no-break spaces) optionally
// followed by a multiplier. Longer alternatives come first within each value so "mil millones" wins over "mil".
const COUNT_PATTERN = new RegExp(
  `(\\d[\\d.,'\\u00a0\\u202f]*\\d|\\d)(?:[\\s\\u00a0\\u202f]?(${alternatives.join("|")}))?`,
  "iu",
);

/**
 * Reads the first count in a label, in any of the platforms' display languages.
 *
 * - Without a multiplier, every separator is a thousands separator: "12,916" → 12916 and the German "19.924" → 19924
 *   (exact); Indian grouping "1,23,456" → 123456.
 * - With a multiplier, the one separator is the decimal mark ("." or ","): "5.4m" → 5 400 000, "3,4 Mio." →
 *   3 400 000, "1,5K" → 1500, "23.2 thousand" → 23 200, "1.2 crore" → 12 000 000, "1,5万" → 15 000; all approximate.
 *
 * @param label text such as "1.2K likes", "7", "501k", "like this video along with 72 other people".
 * @returns the count, or null when the label holds no number ("Like", "No comments").
 */
export function parseCount(label: string | null | undefined): ParsedCount | null {
  if (!label) return null;
  const match = COUNT_PATTERN.exec(label);
  if (!match) return null;
  const digits = match[1] ?? "";
  const word = match[2];
  if (word === undefined) {
    const value = Number(digits.replace(/[^\d]/g, ""));
    return Number.isSafeInteger(value) ? { value, approximate: false } : null;
  }
  const multiplier = multiplierOf(word);
  if (multiplier === undefined) return null;
  const separators = digits.match(/[.,]/g) ?? [];
  // One separator: the decimal mark. More than one ("1,234.5K") cannot be told apart reliably: drop groupings first.
  const normalized =
    separators.length <= 1
      ? digits.replace(",", ".").replace(/[^\d.]/g, "")
      : digits.replace(/[,'\u00a0\u202f]/g, "").replace(/[^\d.]/g, "");
  const number = Number(normalized);
  if (!Number.isFinite(number)) return null;
  return { value: Math.round(number * multiplier), approximate: true };
}

/** The SPEC §2.2 triple of a count field: the integer, the label as shown, and whether the integer is rounded. */
interface CountField {
  /** Expanded integer, or null when the label holds no number. */
  count: number | null;
  /** The label as the platform showed it (trimmed), or null when there was none. */
  text: string | null;
  /** True when `count` came from a compact label; false for exact labels and for a null count. */
  isApproximate: boolean;
}

/**
 * Reads a label into the `…`, `…Text`, `…IsApproximate` triple used by every list and details result.
 * @param label e.g. "1.8k views", "58,959 views", "3,4 Mio. Aufrufe"; blank or missing gives all-null (not approximate).
 */
export function countField(label: string | null | undefined): CountField {
  const text = label?.trim() || null;
  const parsed = parseCount(text);
  return { count: parsed?.value ?? null, text, isApproximate: parsed?.approximate ?? false };
}

/**
 * Reads an integer that the platform gives as a decimal string ("12916", "0"); null for anything else.
 * Used for fields such as `videoDetails.viewCount`, `lengthSeconds` and `likeCount` that are exact by construction.
 */
export function parseIntegerString(value: unknown): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value !== "string" || !/^\d+$/.test(value.trim())) return null;
  const parsed = Number(value.trim());
  return Number.isSafeInteger(parsed) ? parsed : null;
}
