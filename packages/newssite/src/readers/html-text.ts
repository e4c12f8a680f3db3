import { decodeHTML } from "entities";

/**
 * Plain text of Hacker News comment and post HTML (`text` of Firebase items, `story_text` / `comment_text` / `text`
 * of Algolia answers, a user's `about`).
 *
 * The site's HTML is small and regular: paragraphs are separated by `<p>` (Firebase writes it only *between*
 * paragraphs; Algolia wraps each in `<p>...</p>`), `<i>` for emphasis, `<a href="..." rel="nofollow">` whose text is
 * the URL (cut to about 60 characters with `...` when long), `<pre><code>` for code blocks (whitespace significant),
 * and character references (`&#x27;`, `&#x2F;`, `&quot;`, `&gt;`). Line breaks in the source render as spaces.
 *
 * Rules: paragraphs and code blocks are separated by one blank line; whitespace collapses outside `<pre>` and is kept
 * inside it; a link whose text is its URL or a shortened form of it becomes the full URL, any other link keeps its
 * text followed by ` (url)`; other tags are dropped and their text kept; character references are decoded.
 */

const TOKEN = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b([^>]*)>|([^<]+)|</g;
const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/i;
const BLOCKS = new Set(["p", "pre", "div", "blockquote"]);

/** A link's text stands for its URL when it is the URL, or a prefix of it cut short with "...". */
function isUrlLabel(label: string, href: string): boolean {
  if (label === href) return true;
  const cut = label.replace(/(?:\.\.\.|…)$/, "");
  return cut.length < label.length && href.startsWith(cut);
}

/**
 * Converts Hacker News HTML to plain text (see the module comment for the rules).
 * @param html the field as the platform sends it; null or "" gives "".
 * @returns the text, trimmed.
 */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return "";
  let out = "";
  let preDepth = 0;
  let link: { href: string; start: number } | null = null;
  const breakParagraph = () => {
    out = out.replace(/[ \t]+$/, "");
    if (out !== "" && !out.endsWith("\n\n")) out += out.endsWith("\n") ? "\n" : "\n\n";
  };
  for (const match of html.matchAll(TOKEN)) {
    const [token, closing, rawName, attributes, chunk] = match;
    if (chunk !== undefined || token === "<") {
      const decoded = decodeHTML(chunk ?? token);
      if (preDepth > 0) out += decoded;
      else {
        const atStart = out === "" || out.endsWith("\n");
        const collapsed = decoded.replace(/\s+/g, " ");
        const next = atStart ? collapsed.trimStart() : collapsed;
        out += out.endsWith(" ") && next.startsWith(" ") ? next.slice(1) : next;
      }
      continue;
    }
    if (rawName === undefined) continue; // a comment
    const name = rawName.toLowerCase();
    const isClosing = closing === "/";
    if (BLOCKS.has(name)) breakParagraph();
    if (name === "pre") preDepth = Math.max(0, preDepth + (isClosing ? -1 : 1));
    else if (name === "br") out = `${out.replace(/[ \t]+$/, "")}\n`;
    else if (name === "a" && !isClosing) {
      const href = HREF.exec(attributes ?? "");
      link = href ? { href: decodeHTML(href[1] ?? href[2] ?? ""), start: out.length } : null;
    } else if (name === "a" && link) {
      const label = out.slice(link.start).trim();
      if (label === "" || isUrlLabel(label, link.href)) out = out.slice(0, link.start) + link.href;
      else if (/^https?:\/\//i.test(link.href)) out += ` (${link.href})`;
      link = null;
    }
  }
  return out
    .split("\n")
    .map((line) => line.replace(/[ \t]+$/, ""))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
