import { type HtmlTextRules, htmlToText as textOf } from "@sda/text";

/**
 * Plain text of the platform's rendered markdown (`selftext_html`, `body_html`, `description_html`). Those fields are
 * the platform's own rendering of what the author wrote (its markdown dialect, with spoilers, superscript and tables
 * already resolved), so reading them gives a faithful plain text without re-implementing the dialect.
 *
 * Rules: paragraphs, headings, quotes, code blocks and tables are separated by a blank line; list items start on
 * their own line with `- ` or `1. ` (nested lists indented by two spaces); table rows start lines, their cells
 * separated by ` | `; `<hr>` is a line `---`; `<br>` is a line break; a link keeps its text and adds ` (url)` when the
 * text is not the URL itself; whitespace outside `<pre>` collapses as HTML renders it; character references are
 * decoded.
 */
const RENDERED_MARKDOWN: HtmlTextRules = {
  blocks: ["p", "div", "blockquote", "pre", "h1", "h2", "h3", "h4", "h5", "h6", "table", "hr"],
  preformatted: true,
  lists: "outline",
  tables: true,
  horizontalRules: true,
  links: "textAndUrl",
};

/**
 * Converts the platform's rendered markdown HTML to plain text (`@sda/text`'s `htmlToText` with the rules above).
 * @param html the `*_html` field, already free of the JSON-level entity escaping (see `decodeEscapedAnswer`).
 * @returns the text, trimmed; `""` for empty input.
 */
export function htmlToText(html: string): string {
  return textOf(html, RENDERED_MARKDOWN);
}
