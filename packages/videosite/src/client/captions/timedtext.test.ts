import { describe, expect, it } from "vitest";
import { recordedPlayer } from "../../../test/corpus.ts";
import { readCaptionList } from "../../readers/captions/caption-tracks.ts";
import { captionBodyUrl } from "./timedtext.ts";

describe("captionBodyUrl", () => {
  const [manual, asr] = readCaptionList(recordedPlayer("video-M4gD1WSo5mA")).tracks;
  if (!manual || !asr) throw new Error("expected two tracks");
  const query = (url: string) => Object.fromEntries(new URL(url).searchParams);

  it("replaces the fmt=srv3 of the baseUrl and keeps the signed parameters", () => {
    const url = captionBodyUrl(manual, "json3");
    expect(query(url)).toMatchObject({ v: "M4gD1WSo5mA", lang: "en", fmt: "json3", expire: "1780892722" });
    expect(query(url).kind).toBeUndefined();
    expect(query(url).signature).toBe(query(manual.baseUrl).signature);
    expect(query(captionBodyUrl(asr, "srv3"))).toMatchObject({ kind: "asr", fmt: "srv3" });
  });

  it("drops fmt for the classic format and adds tlang for a translation", () => {
    expect(query(captionBodyUrl(manual, "classic")).fmt).toBeUndefined();
    expect(query(captionBodyUrl(manual, "json3", "de"))).toMatchObject({ fmt: "json3", tlang: "de" });
  });
});
