import { decodeHTML } from "entities";

/**
 * Plain text of the platform's rendered markdown (`selftext_html`, `body_html`, `description_html`). Those fields are
 * the platform's own rendering of what the author wrote (its markdown dialect, with spoilers, superscript and tables
 * already resolved), so reading them gives a faithful plain text without re-implementing the dialect.
 *
 * Rules: paragraphs, headings, quotes, code blocks and tables are separated by a blank line; list items start on
 * their own line with `- ` or `1. ` (nested lists indented by two spaces); `<br>` is a line break; a link keeps its
 * text and adds ` (url)` when the text is not the URL itself; whitespace outside `<pre>` collapses as HTML renders
 * it; character references are decoded.
 */

const TOKEN = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b([^>]*)>|([^<]+)|</g;
const BLOCKS = new Set(["p", "div", "blockquote", "pre", "h1", "h2", "h3", "h4", "h5", "h6", "table", "hr"]);
const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/i;

interface ListState {
  ordered: boolean;
  next: number;
}

class TextBuilder {
  out = "";

  /** Ends the current block: at least `lines` line breaks before the next text (none at the very start). */
  breakLines(lines: number) {
    if (this.out === "") return;
    const trailing = /\n*$/.exec(this.out)?.[0].length ?? 0;
    this.out = this.out.replace(/[ \t]+$/, "");
    if (trailing < lines) this.out += "\n".repeat(lines - trailing);
  }

  /** Appends inline text; leading whitespace is dropped at the start of a line. */
  inline(value: string) {
    const atLineStart =
      this.out === "" || this.out.endsWith("\n") || /(?:^|\n) *(?:- |\d+\. )$/.test(this.out);
    const next = atLineStart ? value.replace(/^\s+/, "") : value;
    if (next === "" || (next === " " && this.out.endsWith(" "))) return;
    this.out += next;
  }

  raw(value: string) {
    this.out += value;
  }
}

/**
 * Converts the platform's rendered markdown HTML to plain text (see the module comment for the rules).
 * @param html the `*_html` field, already free of the JSON-level entity escaping (see `decodeEscapedAnswer`).
 * @returns the text, trimmed; `""` for empty input.
 */
export function htmlToText(html: string): string {
  const text = new TextBuilder();
  const lists: ListState[] = [];
  const links: { href: string | null; start: number }[] = [];
  let preDepth = 0;
  let cell = 0;
  for (const match of html.matchAll(TOKEN)) {
    const [token, closing, rawName, attributes, chunk] = match;
    if (chunk !== undefined || token === "<") {
      const decoded = decodeHTML(chunk ?? token);
      if (preDepth > 0) text.raw(decoded);
      else text.inline(decoded.replace(/\s+/g, " "));
      continue;
    }
    if (rawName === undefined) continue; // comment
    const name = rawName.toLowerCase();
    const isClosing = closing === "/";
    if (name === "pre") preDepth = Math.max(0, preDepth + (isClosing ? -1 : 1));
    if (BLOCKS.has(name)) {
      text.breakLines(2);
      if (name === "hr") text.raw("---\n\n");
    } else if (name === "ul" || name === "ol") {
      if (isClosing) lists.pop();
      else lists.push({ ordered: name === "ol", next: 1 });
      text.breakLines(lists.length > (isClosing ? 0 : 1) ? 1 : 2);
    } else if (name === "li" && !isClosing) {
      const state = lists.at(-1);
      text.breakLines(1);
      text.raw("  ".repeat(Math.max(0, lists.length - 1)));
      text.raw(state?.ordered ? `${state.next++}. ` : "- ");
    } else if (name === "br") {
      text.out = text.out.replace(/[ \t]+$/, "");
      text.raw("\n");
    } else if (name === "tr") {
      text.breakLines(1);
      cell = 0;
    } else if ((name === "td" || name === "th") && !isClosing) {
      if (cell++ > 0) text.raw(" | ");
    } else if (name === "a") {
      if (!isClosing) {
        const href = HREF.exec(attributes ?? "");
        links.push({ href: href ? decodeHTML(href[1] ?? href[2] ?? "") : null, start: text.out.length });
      } else {
        const link = links.pop();
        const label = link ? text.out.slice(link.start).trim() : "";
        if (link?.href && /^https?:\/\//i.test(link.href) && label !== link.href && label !== "")
          text.raw(` (${link.href})`);
      }
    }
  }
  return text.out
    .split("\n")
    .map((line) => line.replace(/[ \t]+$/, ""))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
