/**
 * Small readers of channel profile text: quote-aware keyword lists and e-mail addresses published in a description.
 */

/**
 * Splits a channel's `keywords` string into tags: whitespace separates tags, double quotes keep a multi-word tag
 * together (`"creative commons" remix culture` → `["creative commons", "remix", "culture"]`); duplicates dropped.
 */
export function splitKeywords(keywords: string | null | undefined): string[] {
  const tags: string[] = [];
  for (const match of (keywords ?? "").matchAll(/"([^"]*)"|(\S+)/g)) {
    const tag = (match[1] ?? match[2] ?? "").trim();
    if (tag && !tags.includes(tag)) tags.push(tag);
  }
  return tags;
}

// Local part and domain as RFC 5322 allows them in practice; the domain needs a dot and a 2+ letter TLD.
const EMAIL = /(?<![\w.+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}(?![\w-])/;

/**
 * The first e-mail address written in the given texts (the description, the About text), or null. Handles such as
 * "@kurzgesagt" are not addresses (no local part).
 */
export function findEmail(...texts: (string | null | undefined)[]): string | null {
  for (const text of texts) {
    const match = text ? EMAIL.exec(text) : null;
    if (match) return match[0].replace(/\.$/, "");
  }
  return null;
}
