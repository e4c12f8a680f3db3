import { describe, expect, it } from "vitest";
import { type HtmlTextRules, htmlToText } from "./html-text.ts";

const plain: HtmlTextRules = { blocks: ["p", "div", "blockquote", "pre"] };

describe("htmlToText: the rules every platform shares", () => {
  it("separates blocks by one blank line, breaks lines at <br>, and trims", () => {
    expect(htmlToText("<p>One</p><p>Two<br>three</p>", plain)).toBe("One\n\nTwo\nthree");
    expect(htmlToText("One<p>Two", plain)).toBe("One\n\nTwo");
    expect(htmlToText("<div><div><p>Deep</p></div></div>", plain)).toBe("Deep");
  });

  it("collapses white space across tags: one space, none at a line's ends", () => {
    expect(htmlToText("a <i> b </i>  c <br>  d", plain)).toBe("a b c\nd");
    expect(htmlToText("  <p>\n  x \n </p>  ", plain)).toBe("x");
  });

  it("drops other tags and comments, keeps a lone '<' and decodes character references", () => {
    expect(htmlToText("<b>1</b> &lt; <!-- no --><span>2</span> < 3 &amp; &#x27;4&#x27;", plain)).toBe(
      "1 < 2 < 3 & '4'",
    );
  });

  it("gives an empty string for null, undefined and empty input", () => {
    expect(htmlToText(null, plain)).toBe("");
    expect(htmlToText(undefined, plain)).toBe("");
    expect(htmlToText("", plain)).toBe("");
  });
});

describe("htmlToText: the per-platform rules", () => {
  it("whitespace: collapse turns source line breaks and no-break spaces into spaces; keepLineBreaks keeps both", () => {
    expect(htmlToText("a\nb&nbsp;c", plain)).toBe("a b c");
    expect(htmlToText("a \n b&nbsp;c", { ...plain, whitespace: "keepLineBreaks" })).toBe("a\nb\u00a0c");
  });

  it("preformatted keeps <pre> text verbatim; without it, code collapses like any text", () => {
    const html = "Try:<pre><code>  if x:\n    y()\n</code></pre>done";
    expect(htmlToText(html, { ...plain, preformatted: true })).toBe("Try:\n\n  if x:\n    y()\n\ndone");
    expect(htmlToText(html, plain)).toBe("Try:\n\nif x: y()\n\ndone");
  });

  it("lists: dashes start every item on its own line; outline numbers, nests and indents", () => {
    const html = "<ul><li>a</li><li>b<ol><li>c</li><li>d</li></ol></li></ul>after";
    expect(htmlToText(html, plain)).toBe("abcdafter");
    expect(htmlToText(html, { ...plain, lists: "dashes" })).toBe("- a\n- b\n- c\n- dafter");
    expect(htmlToText(html, { ...plain, lists: "outline" })).toBe("- a\n- b\n  1. c\n  2. d\n\nafter");
    expect(htmlToText("<ul><li> spaced </li></ul>", { ...plain, lists: "outline" })).toBe("- spaced");
  });

  it("tables: a row per line, cells separated by ' | '; horizontalRules: <hr> is a line ---", () => {
    const table = "<table><tr><th>k</th><th>v</th></tr><tr><td>1</td><td>2</td></tr></table>";
    expect(htmlToText(table, { blocks: ["table"], tables: true })).toBe("k | v\n1 | 2");
    expect(htmlToText("a<hr>b", { blocks: ["hr"], horizontalRules: true })).toBe("a\n\n---\n\nb");
    expect(htmlToText("a<hr>b", { blocks: ["hr"] })).toBe("a\n\nb");
  });

  it("links: text, textAndUrl (an http(s) URL after a text that is not it), urlForUrlText (the full URL)", () => {
    const named = '<a href="https://x.org/a">the docs</a>';
    const cut = '<a href="https://x.org/a/long/path">https://x.org/a/...</a>';
    const relative = '<a href="item?id=1">item</a>';
    expect(htmlToText(named, plain)).toBe("the docs");
    expect(htmlToText(named, { ...plain, links: "textAndUrl" })).toBe("the docs (https://x.org/a)");
    expect(htmlToText(cut, { ...plain, links: "textAndUrl" })).toBe(
      "https://x.org/a/... (https://x.org/a/long/path)",
    );
    expect(htmlToText(relative, { ...plain, links: "textAndUrl" })).toBe("item");
    expect(htmlToText(named, { ...plain, links: "urlForUrlText" })).toBe("the docs (https://x.org/a)");
    expect(htmlToText(cut, { ...plain, links: "urlForUrlText" })).toBe("https://x.org/a/long/path");
    expect(
      htmlToText('see <a href="https://x.org/">https://x.org/</a>', { ...plain, links: "textAndUrl" }),
    ).toBe("see https://x.org/");
  });
});
