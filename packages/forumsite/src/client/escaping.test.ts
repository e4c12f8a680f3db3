import { describe, expect, it } from "vitest";
import { recordedJson } from "../../test/corpus.ts";
import { decodeStrings, isEscapedAnswer, unescapeAnswer } from "./escaping.ts";

describe("entity-escaped answers", () => {
  it("recognises the escaped recordings (public .json without raw_json, apollo, go-reddit)", () => {
    for (const caseId of ["public-r-LocalLLaMA-top-day", "apollo-thread-y70ane", "goreddit-r-golang-about"])
      expect(isEscapedAnswer(recordedJson(caseId), true), caseId).toBe(true);
  });

  it("recognises raw_json recordings, and judges answers without rendered text by the request", () => {
    expect(isEscapedAnswer(recordedJson("r-popular-hot"), true)).toBe(false);
    expect(isEscapedAnswer(recordedJson("comments-haucpf-morechildren", 1), true)).toBe(false);
    const token = recordedJson("oauth-app-only-token");
    expect(isEscapedAnswer(token, true)).toBe(false);
    expect(isEscapedAnswer(token, false)).toBe(true);
  });

  it("decodes every string of an escaped answer once", () => {
    const decoded = decodeStrings(recordedJson("public-r-LocalLLaMA-top-day")) as {
      data: { children: { data: { thumbnail: string; selftext_html: string | null } }[] };
    };
    const [first, , self] = decoded.data.children;
    expect(first?.data.thumbnail).toBe(
      "https://preview.redd.it/44f42a2n17xg1.png?width=140&height=140&crop=1:1,smart&auto=webp&s=f301afef3ebe37bcc2bb178f41f18995f4f8b494",
    );
    expect(self?.data.selftext_html?.startsWith('<!-- SC_OFF --><div class="md">')).toBe(true);
  });

  it("leaves a raw answer untouched", () => {
    const raw = recordedJson("r-popular-hot");
    const { json, escaped } = unescapeAnswer(raw, true);
    expect(escaped).toBe(false);
    expect(json).toBe(raw);
  });
});
