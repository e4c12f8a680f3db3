import { parseParams } from "@sda/contract";
import type { ServiceError } from "@sda/core";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { languageParam, languageRangeMatches, normalizeLanguageTag, sameLanguage } from "./language.ts";

describe("normalizeLanguageTag", () => {
  it("writes canonical casing and accepts underscores", () => {
    expect(normalizeLanguageTag("EN")).toBe("en");
    expect(normalizeLanguageTag("en_us")).toBe("en-US");
    expect(normalizeLanguageTag("zh-hans")).toBe("zh-Hans");
    expect(normalizeLanguageTag("es-419")).toBe("es-419");
    expect(normalizeLanguageTag("fil")).toBe("fil");
  });

  it("rejects what is not a language tag", () => {
    for (const value of ["english", "e", "en--US", "12", "en US", "de-"])
      expect(normalizeLanguageTag(value)).toBeNull();
  });
});

describe("language matching", () => {
  it("treats legacy codes as the same language", () => {
    expect(sameLanguage("he", "iw")).toBe(true);
    expect(sameLanguage("EN", "en")).toBe(true);
    expect(sameLanguage("en", "en-GB")).toBe(false);
  });

  it("matches a range to more specific tags only (RFC 4647 basic filtering)", () => {
    expect(languageRangeMatches("en", "en-GB")).toBe(true);
    expect(languageRangeMatches("zh-Hans", "zh-Hans-CN")).toBe(true);
    expect(languageRangeMatches("en-GB", "en")).toBe(false);
    expect(languageRangeMatches("en", "eo")).toBe(false);
    expect(languageRangeMatches("he", "iw-IL")).toBe(true);
  });
});

describe("languageParam", () => {
  const schema = z.object({ language: languageParam });
  it("is optional and normalised", () => {
    expect(parseParams(schema, {})).toEqual({ language: undefined });
    expect(parseParams(schema, { language: "pt_br" })).toEqual({ language: "pt-BR" });
  });

  it("answers 400 invalid_parameter on garbage", () => {
    try {
      parseParams(schema, { language: "klingon!" });
      throw new Error("expected a ServiceError");
    } catch (error) {
      expect((error as ServiceError).code).toBe("invalid_parameter");
      expect((error as ServiceError).details.param).toBe("language");
    }
  });
});
