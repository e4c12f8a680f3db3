import { describe, expect, it } from "vitest";
import { htmlToText } from "./html-text.ts";

describe("htmlToText (Hacker News HTML)", () => {
  it("separates Firebase paragraphs (<p> only between them) by one blank line and decodes references", () => {
    expect(htmlToText("It&#x27;s one.<p>And &quot;two&quot; &amp; 3 &gt; 2.")).toBe(
      'It\'s one.\n\nAnd "two" & 3 > 2.',
    );
  });

  it("reads Algolia's wrapped paragraphs the same way", () => {
    expect(htmlToText("<p>One</p><p>Two</p>")).toBe("One\n\nTwo");
  });

  it("renders source line breaks as spaces, as the site does", () => {
    expect(htmlToText("REMOTE, INTERNS and&#x2F;or VISA\nwhen that")).toBe(
      "REMOTE, INTERNS and/or VISA when that",
    );
  });

  it("replaces a shortened link text by the full URL and keeps other link texts with the URL after them", () => {
    const href =
      "https:&#x2F;&#x2F;github.com&#x2F;gabrielsroka&#x2F;gabrielsroka.github.io&#x2F;blob&#x2F;master";
    expect(
      htmlToText(
        `See <a href="${href}" rel="nofollow">https:&#x2F;&#x2F;github.com&#x2F;gabrielsroka&#x2F;...</a> now`,
      ),
    ).toBe("See https://github.com/gabrielsroka/gabrielsroka.github.io/blob/master now");
    expect(htmlToText('<a href="https://x.org/a">the docs</a>')).toBe("the docs (https://x.org/a)");
  });

  it("keeps code blocks verbatim and drops emphasis tags", () => {
    expect(htmlToText("Try:<p><pre><code>  if x:\n    y()\n</code></pre>It <i>works</i>.")).toBe(
      "Try:\n\n  if x:\n    y()\n\nIt works.",
    );
  });

  it("gives an empty string for empty or missing text", () => {
    expect(htmlToText("")).toBe("");
    expect(htmlToText(null)).toBe("");
  });
});
