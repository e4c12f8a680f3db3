/**
 * ISO-3166 alpha-2 region codes and their English names, from the ICU data shipped with Node (`Intl.DisplayNames`),
 * so every platform maps "Germany" ↔ "DE" the same way without a hand-kept table.
 */

const englishRegions = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });

/** Names the platforms print that differ from ICU's English name, lower-cased. */
const ALIASES: Record<string, string> = {
  usa: "US",
  "united states of america": "US",
  uk: "GB",
  "great britain": "GB",
  england: "GB",
  turkey: "TR",
  "czech republic": "CZ",
  "south korea": "KR",
  "korea, republic of": "KR",
  russia: "RU",
  "russian federation": "RU",
  vietnam: "VN",
  "viet nam": "VN",
  "ivory coast": "CI",
  "cote d'ivoire": "CI",
  "cape verde": "CV",
  swaziland: "SZ",
  macedonia: "MK",
  burma: "MM",
  "hong kong": "HK",
  macau: "MO",
};

// Codes ICU names that are not countries (macro-regions, "Unknown Region", pseudo-regions).
const NOT_COUNTRIES = new Set(["EU", "EZ", "UN", "ZZ", "QO", "XA", "XB"]);

/** True for a current, canonical country code (deprecated ones such as FX, BU, DD canonicalise to another code). */
function isCountryCode(code: string): boolean {
  if (NOT_COUNTRIES.has(code)) return false;
  try {
    return (
      Intl.getCanonicalLocales(`und-${code}`)[0] === `und-${code}` && englishRegions.of(code) !== undefined
    );
  } catch {
    return false;
  }
}

let byName: Map<string, string> | null = null;

function nameIndex(): Map<string, string> {
  if (byName) return byName;
  byName = new Map();
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  for (const first of letters)
    for (const second of letters) {
      const code = `${first}${second}`;
      const name = isCountryCode(code) ? englishRegions.of(code) : undefined;
      if (name) byName.set(name.toLowerCase(), code);
    }
  for (const [alias, code] of Object.entries(ALIASES)) if (!byName.has(alias)) byName.set(alias, code);
  return byName;
}

/**
 * The English name of an ISO-3166 alpha-2 code ("DE" → "Germany").
 * @returns the name, or null for an unknown or malformed code.
 */
export function countryName(code: string | null | undefined): string | null {
  if (!code || !/^[A-Za-z]{2}$/.test(code)) return null;
  const upper = code.toUpperCase();
  return isCountryCode(upper) ? (englishRegions.of(upper) ?? null) : null;
}

/**
 * The ISO-3166 alpha-2 code of an English country name as platforms print it ("United States", "Germany",
 * "South Korea", "Türkiye" or "Turkey"); a two-letter code is accepted as is.
 * @returns the upper-case code, or null when the name is not a known country.
 */
export function countryCode(name: string | null | undefined): string | null {
  const text = name?.trim();
  if (!text) return null;
  if (/^[A-Za-z]{2}$/.test(text)) return countryName(text) ? text.toUpperCase() : null;
  return nameIndex().get(text.toLowerCase().replace(/\s+/g, " ")) ?? null;
}
