import { describe, expect, it } from "vitest";
import { languageCodeOf } from "./language-names.ts";

describe("ASR language values as BCP-47 codes", () => {
  it("maps whisper's names and their aliases", () => {
    expect(languageCodeOf("english")).toBe("en");
    expect(languageCodeOf("German")).toBe("de");
    expect(languageCodeOf("haitian creole")).toBe("ht");
    expect(languageCodeOf("castilian")).toBe("es");
    expect(languageCodeOf("cantonese")).toBe("yue");
    expect(languageCodeOf("javanese")).toBe("jv");
    expect(languageCodeOf("burmese")).toBe("my");
  });

  it("canonicalises codes and legacy codes", () => {
    expect(languageCodeOf("en")).toBe("en");
    expect(languageCodeOf("pt_br")).toBe("pt-BR");
    expect(languageCodeOf("jw")).toBe("jv");
    expect(languageCodeOf("iw")).toBe("he");
  });

  it("answers null for nothing or an unknown name", () => {
    expect(languageCodeOf(undefined)).toBeNull();
    expect(languageCodeOf("  ")).toBeNull();
    expect(languageCodeOf("klingon dialect")).toBeNull();
  });
});
