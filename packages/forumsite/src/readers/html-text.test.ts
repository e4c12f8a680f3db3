import { describe, expect, it } from "vitest";
import { recordedJson } from "../../test/corpus.ts";
import { decodeStrings } from "../client/escaping.ts";
import { htmlToText } from "./html-text.ts";
import { asRecord, str } from "./json.ts";
import { readThing } from "./listing.ts";

/** Every `*_html` string of an answer. */
function renderedFields(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) renderedFields(item, out);
  else if (value !== null && typeof value === "object")
    for (const [key, item] of Object.entries(value)) {
      if (key.endsWith("_html") && typeof item === "string") out.push(item);
      else renderedFields(item, out);
    }
  return out;
}

describe("htmlToText on the platform's rendered markdown", () => {
  it("the golang sidebar: bullet lists, bold headings as paragraphs, links with their URL", () => {
    const about = readThing(decodeStrings(recordedJson("goreddit-r-golang-about")));
    const text = htmlToText(str(about?.data, "description_html") ?? "");
    expect(text).toContain(
      "Please follow the Go Community Code of Conduct (https://golang.org/conduct) while posting here. In short:\n\n- Treat everyone with respect and kindness.\n- Be thoughtful in how you communicate.",
    );
    expect(text).toContain("\n\nDocumentation\n\n- Official Go Documentation (http://golang.org/doc/)\n");
    expect(text).not.toMatch(/<\/?(?:p|div|ul|li|a|strong)\b|SC_OFF|&amp;|&lt;/);
  });

  it("a comment whose text holds literal angle brackets keeps them", () => {
    const overview = recordedJson("user-spez-overview", 1) as { data: { children: unknown[] } };
    const comment = overview.data.children.map(readThing).find((t) => t?.data.id === "cszvwgm");
    expect(htmlToText(str(comment?.data, "body_html") ?? "")).toBe(
      "Yes, that's exactly what I'm saying.\n\n<rant>Also, I hate seeing [deleted] all over the place. I don't care if it was deleted, I want to read it anyway.</rant>",
    );
  });

  it("every rendered field of the haucpf thread becomes text without markup", () => {
    const fields = renderedFields(recordedJson("comments-haucpf-morechildren", 1));
    expect(fields.length).toBeGreaterThan(40);
    for (const html of fields) {
      const text = htmlToText(html);
      expect(text).not.toMatch(
        /<\/?(?:p|div|ul|ol|li|a|em|strong|blockquote|code|pre|sup|del)\b|SC_OFF|SC_ON/,
      );
      expect(text).toBe(text.trim());
      expect(text).not.toMatch(/\n{3,}/);
    }
  });

  it("an ordered answer: the morechildren thing with a quote keeps paragraph order", () => {
    const answer = recordedJson("comments-haucpf-morechildren", 1) as {
      json: { data: { things: unknown[] } };
    };
    const first = readThing(answer.json.data.things[0]);
    const body = str(first?.data, "body") ?? "";
    expect(htmlToText(str(asRecord(first?.data), "body_html") ?? "")).toBe(body.replace(/\*\*/g, "").trim());
  });
});
