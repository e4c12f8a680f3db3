import type { RawFacet } from "./lexicon.ts";

/**
 * The links, mentions and tags of a post's rich text (`app.bsky.richtext.facet`). Facets index the text by UTF-8
 * byte offsets (`byteStart` inclusive, `byteEnd` exclusive), not by JavaScript string positions, so the text shown for
 * a facet is cut from the UTF-8 bytes.
 */

/** What the facets of one post name. */
export interface FacetParts {
  /** Full link targets with the (often shortened) text shown for them. */
  links: { url: string; text: string | null }[];
  /** Mentioned accounts: DID and the handle as written (without `@`). */
  mentions: { id: string; username: string | null }[];
  /** Hashtags without `#`. */
  tags: string[];
}

/** The UTF-8 slice `[start, end)` of `bytes` as text; null for an empty or out-of-range slice. */
function slice(bytes: Buffer, start: number, end: number): string | null {
  if (!(start >= 0 && end > start && end <= bytes.length)) return null;
  return bytes.subarray(start, end).toString("utf8");
}

/**
 * Reads the facets of a post record: links, mentions and tags in text order; a tag repeated, or also in the record's
 * own `tags` (tags not shown in the text), is listed once.
 */
export function readFacets(
  text: string,
  facets: readonly RawFacet[] | undefined,
  extraTags: readonly string[] = [],
): FacetParts {
  const bytes = Buffer.from(text, "utf8");
  const parts: FacetParts = { links: [], mentions: [], tags: [] };
  const sorted = [...(facets ?? [])].sort((a, b) => a.index.byteStart - b.index.byteStart);
  for (const facet of sorted) {
    const shown = slice(bytes, facet.index.byteStart, facet.index.byteEnd);
    for (const feature of facet.features) {
      const value = feature as Record<string, unknown>;
      switch (feature.$type) {
        case "app.bsky.richtext.facet#link":
          if (typeof value.uri === "string") parts.links.push({ url: value.uri, text: shown });
          break;
        case "app.bsky.richtext.facet#mention":
          if (typeof value.did === "string")
            parts.mentions.push({ id: value.did, username: shown ? shown.replace(/^@/, "") : null });
          break;
        case "app.bsky.richtext.facet#tag":
          if (typeof value.tag === "string") parts.tags.push(value.tag.replace(/^#/, ""));
          break;
      }
    }
  }
  parts.tags = [...new Set([...parts.tags, ...extraTags.map((t) => t.replace(/^#/, ""))])];
  return parts;
}
