import { decodeHTML } from "entities";

/**
 * The `<meta>` tags of an HTML page (`property` or `name` → decoded `content`), the only data the platform's
 * logged-out pages carry. The first tag of a name wins. Tolerates attributes in any order, either quote style and
 * tags spread over several lines (pretty-printed pages).
 */
export function readMetaTags(html: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const match of html.matchAll(/<meta\b([^>]*)>/gi)) {
    const attributes = new Map<string, string>();
    for (const attribute of (match[1] ?? "").matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g))
      attributes.set((attribute[1] ?? "").toLowerCase(), decodeHTML(attribute[2] ?? attribute[3] ?? ""));
    const key = attributes.get("property") ?? attributes.get("name");
    const content = attributes.get("content");
    if (key && content !== undefined && !tags.has(key)) tags.set(key, content);
  }
  return tags;
}
