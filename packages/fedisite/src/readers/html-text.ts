import { type HtmlTextRules, htmlToText as textOf } from "@sda/text";

/**
 * Plain text of Mastodon's HTML (`content` of a status, `note` of an account, `value` of a profile field).
 *
 * Mastodon sanitizes what it serves to a small set of elements: `<p>` paragraphs, `<br>` line breaks, `<a>` links
 * (mentions `<a class="u-url mention">@<span>user</span></a>`, hashtags, URLs whose scheme and tail sit in
 * `<span class="invisible">` and whose middle is `<span class="ellipsis">`), `<span>`, and since 4.0 a few formatting
 * elements (`<strong>`, `<em>`, `<code>`, `<pre>`, `<blockquote>`, `<ul>`/`<ol>`/`<li>`, `<del>`). The text of a
 * link is kept whole (the invisible parts included, so a shortened URL comes out complete), as Mastodon's own
 * plain-text rendering does; paragraphs are separated by a blank line, `<br>` is a line break, list items (`- `) and
 * block quotes start lines; runs of spaces collapse to one, as a browser shows them, and a line break of the text
 * stays one; a quote's inline `RE: <link>` (`<span class="quote-inline">`) is kept as text.
 */
const MASTODON_HTML: HtmlTextRules = {
  blocks: ["p", "blockquote", "pre", "ul", "ol", "li", "h1", "h2", "h3", "h4", "h5", "h6"],
  whitespace: "keepLineBreaks",
  lists: "dashes",
  links: "text",
};

/**
 * Converts Mastodon HTML to plain text (`@sda/text`'s `htmlToText` with Mastodon's rules).
 * @param html the field as the instance sends it; null or "" gives "".
 * @returns the text, trimmed, with single spaces and at most one blank line in a row.
 */
export function htmlToText(html: string | null | undefined): string {
  return textOf(html, MASTODON_HTML);
}
