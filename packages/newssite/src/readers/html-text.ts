import { type HtmlTextRules, htmlToText as textOf } from "@sda/text";

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
const HACKER_NEWS_HTML: HtmlTextRules = {
  blocks: ["p", "pre", "div", "blockquote"],
  preformatted: true,
  links: "urlForUrlText",
};

/**
 * Converts Hacker News HTML to plain text (`@sda/text`'s `htmlToText` with the rules above).
 * @param html the field as the platform sends it; null or "" gives "".
 * @returns the text, trimmed.
 */
export function htmlToText(html: string | null | undefined): string {
  return textOf(html, HACKER_NEWS_HTML);
}
