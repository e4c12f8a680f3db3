import type { CheerioAPI } from "cheerio";

/**
 * Plain text of Telegram's rich text (post texts, descriptions, link previews), read from cheerio's DOM: `<br>` is a
 * line break, blocks (`blockquote`, `pre`, `div`, `p`) start lines, runs of HTML whitespace collapse to one space (so
 * a pretty-printed page reads like the wire form), links give their text, search `<mark>` highlights are dropped
 * around their text, and an emoji image (`<i class="emoji">`) gives its character: the `<b>` inside it, or the
 * character its image file names (`…/img/emoji/40/E28C9A.png` is UTF-8 `E2 8C 9A`, ⌚). Entities are decoded by the
 * parser.
 */

/**
 * A selection of elements: cheerio's `Cheerio<Element>`, named through its API (cheerio does not re-export
 * domhandler's node types).
 */
export type Elements = ReturnType<ReturnType<CheerioAPI["root"]>["find"]>;

const BLOCKS = new Set(["blockquote", "pre", "div", "p", "li", "ul", "ol"]);
/** HTML's whitespace (not the no-break space, which is text). */
const HTML_SPACE = /[ \t\n\r\f]+/g;

/** The character an emoji image file names (`E28C9A.png` → ⌚), or "" when it names none. */
export function emojiOfImage(style: string | undefined): string {
  const hex = /\/emoji\/\d+\/([0-9A-F]+)\.png/i.exec(style ?? "")?.[1];
  if (!hex || hex.length % 2 !== 0) return "";
  const bytes = Buffer.from(hex, "hex");
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  return text.includes("\uFFFD") ? "" : text;
}

/** The part of a parsed node (cheerio's DOM: domhandler nodes) this reader uses. */
export interface DomNode {
  type: string;
  data?: string;
  name?: string;
  attribs?: Record<string, string>;
  children?: DomNode[];
}

function walk(node: DomNode, out: string[]): void {
  if (node.type === "text") {
    out.push((node.data ?? "").replace(HTML_SPACE, " "));
    return;
  }
  if (node.type !== "tag" || node.name === undefined) return;
  const attribs = node.attribs ?? {};
  const children = node.children ?? [];
  const name = node.name.toLowerCase();
  if (name === "br") {
    out.push("\n");
    return;
  }
  if (name === "script" || name === "style") return;
  const classes = (attribs.class ?? "").split(/\s+/);
  if (name === "i" && classes.includes("emoji")) {
    const inner: string[] = [];
    for (const child of children) walk(child, inner);
    const text = inner.join("").trim();
    out.push(text || emojiOfImage(attribs.style));
    return;
  }
  const block = BLOCKS.has(name);
  if (block) out.push("\n");
  for (const child of children) walk(child, out);
  if (block) out.push("\n");
}

/**
 * The plain text of an element's content.
 * @param nodes the element's children (or several nodes).
 * @returns lines trimmed of the spaces markup put around them, at most two line breaks in a row, no leading or
 *   trailing blank lines; "" for no text.
 */
export function plainTextOf(nodes: readonly DomNode[]): string {
  const out: string[] = [];
  for (const node of nodes) walk(node, out);
  return out
    .join("")
    .split("\n")
    .map((line) => line.replace(/^ +| +$/g, ""))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .replace(/^\n+|\n+$/g, "");
}
