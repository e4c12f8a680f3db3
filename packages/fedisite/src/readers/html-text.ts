import { decodeHTML } from "entities";

/**
 * Plain text of Mastodon's HTML (`content` of a status, `note` of an account, `value` of a profile field).
 *
 * Mastodon sanitizes what it serves to a small set of elements: `<p>` paragraphs, `<br>` line breaks, `<a>` links
 * (mentions `<a class="u-url mention">@<span>user</span></a>`, hashtags, URLs whose scheme and tail sit in
 * `<span class="invisible">` and whose middle is `<span class="ellipsis">`), `<span>`, and since 4.0 a few formatting
 * elements (`<strong>`, `<em>`, `<code>`, `<pre>`, `<blockquote>`, `<ul>`/`<ol>`/`<li>`, `<del>`). The text of a
 * link is kept whole (the invisible parts included, so a shortened URL comes out complete), as Mastodon's own
 * plain-text rendering does; paragraphs are separated by a blank line, `<br>` is a line break, list items and block
 * quotes start lines; runs of spaces collapse to one, as a browser shows them; a quote's inline `RE: <link>`
 * (`<span class="quote-inline">`) is kept as text.
 */

const TAG = /<(\/?)([a-z][a-z0-9]*)\b[^>]*>/gi;
const BLOCK = new Set(["p", "blockquote", "pre", "ul", "ol", "li", "h1", "h2", "h3", "h4", "h5", "h6"]);

/**
 * Converts Mastodon HTML to plain text.
 * @param html the field as the instance sends it; null or "" gives "".
 * @returns the text, trimmed, with single spaces and at most one blank line in a row.
 */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return "";
  const parts: string[] = [];
  let last = 0;
  for (const match of html.matchAll(TAG)) {
    parts.push(decodeHTML(html.slice(last, match.index)));
    last = match.index + match[0].length;
    const name = (match[2] ?? "").toLowerCase();
    if (name === "br") parts.push("\n");
    else if (name === "li" && match[1] !== "/") parts.push("\n- ");
    else if (BLOCK.has(name)) parts.push("\n\n");
  }
  parts.push(decodeHTML(html.slice(last)));
  return parts
    .join("")
    .replace(/[ \t]+/g, " ")
    .replace(/ ?\n ?/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
