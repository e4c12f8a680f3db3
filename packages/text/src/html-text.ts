import { decodeHTML } from "entities";

/**
 * Plain text of an HTML fragment, for the fields platforms serve as sanitized HTML (a Mastodon status's `content`, a
 * Hacker News comment's `text`, a forum comment's `body_html`). One tokenizer (comments, start and end tags with their
 * attributes, text; character references decoded with `entities`) feeds one text builder; what each platform's HTML
 * means is its {@link HtmlTextRules}. Rules every platform shares:
 * - an element of `blocks` separates paragraphs: its start and its end tag leave one blank line (none at the start);
 * - `<br>` is a line break;
 * - white space collapses to one space as a browser renders it (see `whitespace`), and never starts or ends a line;
 * - any other tag is dropped and its text kept; comments are dropped; a `<` that opens no tag is text;
 * - at most one blank line in a row, and the text is trimmed.
 */

/** What a platform's HTML means: the elements that are blocks and how lists, tables, links and white space read. */
export interface HtmlTextRules {
  /** Elements (lower case) whose start and end tags separate paragraphs by one blank line: `p`, `blockquote`, … */
  blocks: readonly string[];
  /**
   * - `collapse` (default): every run of white space, source line breaks and no-break spaces included, is one space
   *   (a line break of the HTML source is no line break of the text);
   * - `keepLineBreaks`: runs of spaces and tabs are one space, a line break of the text stays a line break (without
   *   spaces around it), other white space (a no-break space) is text.
   */
  whitespace?: "collapse" | "keepLineBreaks";
  /** Text inside `<pre>` is kept verbatim (code: white space significant). Default: it collapses like any text. */
  preformatted?: boolean;
  /**
   * - `dashes`: every `<li>` starts a new line with `- ` (no numbers, no indentation);
   * - `outline`: a list item starts its own line with `- ` in `<ul>` and `1. `, `2. `… in `<ol>`, nested lists indented
   *   by two spaces per level; a list is separated from the text around it by a blank line, a nested one by a line
   *   break.
   * Default: list tags are dropped like any other tag.
   */
  lists?: "dashes" | "outline";
  /** Each `<tr>` starts a line and its cells (`<td>`, `<th>`) are separated by ` | `. */
  tables?: boolean;
  /** `<hr>` gives a line `---` (after the blank line of `hr` as a block). */
  horizontalRules?: boolean;
  /**
   * - `text` (default): a link gives its text;
   * - `textAndUrl`: a link to an `http(s)` URL whose text is not that URL gives its text followed by ` (url)`;
   * - `urlForUrlText`: a link whose text is its URL, that URL cut short with `...` or `…`, or nothing, gives its full
   *   URL instead; any other link as `textAndUrl`.
   */
  links?: "text" | "textAndUrl" | "urlForUrlText";
}

/** A comment, a start or end tag (closing slash, name, attributes), a run of text, or a `<` that opens no tag. */
const TOKEN = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b([^>]*)>|([^<]+)|</g;
const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/i;
/** The end of a list item's marker (indentation, then `- ` or `1. `): the item's text starts a line there. */
const AFTER_MARKER = /(?:^|\n) *(?:- |\d+\. )$/;
const TRAILING_SPACE = /[ \t]+$/;

/** A link's text stands for its URL when it is the URL, or a prefix of it cut short with "..." or "…". */
function isUrlText(text: string, href: string): boolean {
  if (text === href) return true;
  const cut = text.replace(/(?:\.\.\.|…)$/, "");
  return cut.length < text.length && href.startsWith(cut);
}

class TextBuilder {
  out = "";
  private readonly space: RegExp;

  constructor(private readonly rules: HtmlTextRules) {
    this.space = rules.whitespace === "keepLineBreaks" ? /[ \t]+/g : /\s+/g;
  }

  /** Ends the current block: at least `lines` line breaks before the next text (none at the very start). */
  breakLines(lines: number) {
    this.out = this.out.replace(TRAILING_SPACE, "");
    if (this.out === "") return;
    const trailing = /\n*$/.exec(this.out)?.[0].length ?? 0;
    if (trailing < lines) this.out += "\n".repeat(lines - trailing);
  }

  /** A line break (`<br>`), without the spaces before it. */
  lineBreak() {
    this.out = `${this.out.replace(TRAILING_SPACE, "")}\n`;
  }

  /** Appends text as it renders: collapsed white space, none at the start of a line, never two spaces in a row. */
  inline(text: string) {
    let next = text.replace(this.space, " ");
    if (this.rules.whitespace === "keepLineBreaks") next = next.replace(/ ?\n ?/g, "\n");
    const atLineStart =
      this.out === "" ||
      this.out.endsWith("\n") ||
      (this.rules.lists !== undefined && AFTER_MARKER.test(this.out));
    if (atLineStart || this.out.endsWith(" ")) next = next.replace(/^ /, "");
    this.out += next;
  }

  raw(text: string) {
    this.out += text;
  }
}

/**
 * Converts an HTML fragment to plain text by a platform's rules (see the module comment and {@link HtmlTextRules}).
 * @param html the field as the platform serves it; null, undefined or "" gives "".
 * @returns the text: lines without trailing spaces, at most one blank line in a row, trimmed.
 */
export function htmlToText(html: string | null | undefined, rules: HtmlTextRules): string {
  if (!html) return "";
  const blocks = new Set(rules.blocks);
  const text = new TextBuilder(rules);
  const lists: { ordered: boolean; next: number }[] = [];
  const links: { href: string | null; start: number }[] = [];
  let preDepth = 0;
  let cell = 0;
  for (const match of html.matchAll(TOKEN)) {
    const [token, closing, rawName, attributes, chunk] = match;
    if (chunk !== undefined || token === "<") {
      const decoded = decodeHTML(chunk ?? token);
      if (preDepth > 0) text.raw(decoded);
      else text.inline(decoded);
      continue;
    }
    if (rawName === undefined) continue; // a comment
    const name = rawName.toLowerCase();
    const isClosing = closing === "/";
    if (name === "pre" && rules.preformatted) preDepth = Math.max(0, preDepth + (isClosing ? -1 : 1));
    if (name === "li" && !isClosing && rules.lists === "dashes") {
      text.lineBreak();
      text.raw("- ");
    } else if (blocks.has(name)) {
      text.breakLines(2);
      if (name === "hr" && rules.horizontalRules) text.raw("---\n\n");
    } else if ((name === "ul" || name === "ol") && rules.lists === "outline") {
      if (isClosing) lists.pop();
      else lists.push({ ordered: name === "ol", next: 1 });
      text.breakLines(lists.length > (isClosing ? 0 : 1) ? 1 : 2);
    } else if (name === "li" && !isClosing && rules.lists === "outline") {
      const list = lists.at(-1);
      text.breakLines(1);
      text.raw("  ".repeat(Math.max(0, lists.length - 1)));
      text.raw(list?.ordered ? `${list.next++}. ` : "- ");
    } else if (name === "br") {
      text.lineBreak();
    } else if (name === "tr" && rules.tables) {
      text.breakLines(1);
      cell = 0;
    } else if ((name === "td" || name === "th") && !isClosing && rules.tables) {
      if (cell++ > 0) text.raw(" | ");
    } else if (name === "a" && rules.links !== undefined && rules.links !== "text") {
      if (!isClosing) {
        const href = HREF.exec(attributes ?? "");
        links.push({ href: href ? decodeHTML(href[1] ?? href[2] ?? "") : null, start: text.out.length });
        continue;
      }
      const link = links.pop();
      if (!link?.href) continue;
      const label = text.out.slice(link.start).trim();
      if (rules.links === "urlForUrlText" && (label === "" || isUrlText(label, link.href)))
        text.out = text.out.slice(0, link.start) + link.href;
      else if (/^https?:\/\//i.test(link.href) && label !== link.href && label !== "")
        text.raw(` (${link.href})`);
    }
  }
  return text.out
    .split("\n")
    .map((line) => line.replace(TRAILING_SPACE, ""))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
