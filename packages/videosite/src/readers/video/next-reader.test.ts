import { describe, expect, it } from "vitest";
import { recordedNext } from "../../../test/corpus.ts";
import { readNext, unwrapLink } from "./next-reader.ts";

const next = (videoId: string) => readNext(recordedNext(`video-${videoId}`), videoId);

describe("readNext: likes", () => {
  it("takes the exact count of the accessibility label and keeps the compact title as text", () => {
    expect(next("7PIMiDcwNvc").likes).toEqual({
      count: 5471574,
      approximate: false,
      text: "5.4m",
      state: "read",
    });
    expect(next("kX3nB4PpJko").likes).toEqual({
      count: 4961170,
      approximate: false,
      text: "4.9m",
      state: "read",
    });
    expect(next("M4gD1WSo5mA").likes).toEqual({ count: 72, approximate: false, text: "72", state: "read" });
    expect(next("iuevw6218F0").likes).toMatchObject({ count: 35870, text: "35K" });
  });

  it("reads the 2023 segmentedLikeDislikeButtonRenderer", () => {
    expect(next("N-yVic7BbY0").likes).toEqual({ count: 7, approximate: false, text: "7", state: "read" });
  });

  it("reports hidden likes (button without a number) as hidden, not missing", () => {
    expect(next("it3OtbTxQk0").likes).toEqual({
      count: null,
      approximate: false,
      text: null,
      state: "hidden",
    });
  });
});

describe("readNext: comment count", () => {
  it("reads the comments panel's compact count as approximate", () => {
    expect(next("7PIMiDcwNvc").comments).toEqual({
      count: 501000,
      approximate: true,
      text: "501k",
      state: "read",
    });
    expect(next("ud9d5cMDP_0").comments).toMatchObject({ count: 21000, approximate: true });
    expect(next("kX3nB4PpJko").comments).toMatchObject({ count: 99000, approximate: true });
  });

  it("reads a small count as exact", () => {
    expect(next("tjz2u2DiveM").comments).toEqual({ count: 7, approximate: false, text: "7", state: "read" });
  });

  it("reports comments turned off as hidden and an entry point without count as missing", () => {
    expect(next("M4gD1WSo5mA").comments.state).toBe("hidden");
    expect(next("it3OtbTxQk0").comments.state).toBe("hidden");
    expect(next("iuevw6218F0").comments).toEqual({
      count: null,
      approximate: false,
      text: null,
      state: "missing",
    });
  });
});

describe("readNext: description links", () => {
  it("unwraps redirect links and keeps the shown text", () => {
    expect(next("M4gD1WSo5mA").descriptionLinks).toEqual([
      { url: "http://copyx.org/permission", text: "http://copyx.org/permission" },
      { url: "http://copyx.org/", text: "http://copyx.org" },
    ]);
  });

  it("keeps channel mentions as channel URLs", () => {
    expect(next("7PIMiDcwNvc").descriptionLinks).toEqual([
      { url: "https://www.youtube.com/channel/UC7l23W7gFi4Uho6WSzckZRA", text: "/ @handcraftpictures" },
      { url: "https://www.handcraftpictures.com/", text: "https://www.handcraftpictures.com/" },
    ]);
  });

  it("drops the timestamps of the video itself and keeps the full target of a shortened label", () => {
    const links = next("ud9d5cMDP_0").descriptionLinks ?? [];
    expect(links.map((l) => l.url)).toEqual([
      "https://docs.google.com/document/d/1MTxmsIV06HiOaifIApivYQh4jMLwmHiZN5oA_YPfpLE/edit?usp=sharing",
      "http://bit.ly/2kru8qh",
      "https://www.instagram.com/maithink",
      "https://www.twitter.com/maithi_nk",
      "https://go.funk.net/",
      "https://go.funk.net/impressum",
    ]);
    expect(links[0]?.text).toBe("https://docs.google.com/document/d/1M...");
  });

  it("counts UTF-16 offsets in descriptions with emoji", () => {
    const links = next("X4VbdwhkE10").descriptionLinks ?? [];
    expect(links).toHaveLength(7);
    expect(links[0]).toEqual({
      url: "https://link.lofigirl.com/m/music",
      text: "https://link.lofigirl.com/m/music",
    });
    expect(links[6]).toEqual({ url: "https://www.instagram.com/p/CuChqFXs08M/", text: "/ cuchqfxs08m" });
  });

  it("reads links of the 2023 description runs", () => {
    expect(next("N-yVic7BbY0").descriptionLinks?.map((l) => l.url)).toEqual([
      "https://aura.com/pbd",
      "https://minnect.com/",
      "https://valuetainment.com/academy/",
      "https://bit.ly/3Q9rSQL",
      "https://bit.ly/3sFAW4N",
    ]);
  });

  it("gives an empty list for a description without links", () => {
    expect(next("it3OtbTxQk0").descriptionLinks).toEqual([]);
  });
});

describe("readNext: owner and badges", () => {
  it("reads the verified and official-artist badges", () => {
    expect(next("kX3nB4PpJko").channelVerified).toBe(true);
    expect(next("X4VbdwhkE10").channelVerified).toBe(true);
    expect(next("M4gD1WSo5mA").channelVerified).toBe(false);
    expect(next("M4gD1WSo5mA").channelPath).toBe("/@BKCHarvard");
  });

  it("reads the unlisted badge", () => {
    expect(next("tjz2u2DiveM").isUnlisted).toBe(true);
    expect(next("M4gD1WSo5mA").isUnlisted).toBe(false);
  });

  it("reads nothing from an answer about another video", () => {
    expect(readNext(recordedNext("video-M4gD1WSo5mA"), "kX3nB4PpJko")).toMatchObject({
      found: false,
      likes: { state: "missing" },
    });
  });

  it("reads nothing from an answer of another shape", () => {
    expect(readNext({ contents: {} }, "M4gD1WSo5mA")).toMatchObject({
      found: false,
      likes: { state: "missing" },
      comments: { state: "missing" },
      descriptionLinks: null,
      channelVerified: null,
    });
  });
});

describe("unwrapLink", () => {
  it("unwraps /redirect?q= and resolves platform paths", () => {
    expect(
      unwrapLink("https://www.youtube.com/redirect?event=video_description&q=https%3A%2F%2Fmrbeast.store%2F"),
    ).toBe("https://mrbeast.store/");
    expect(unwrapLink("/@MrBeast")).toBe("https://www.youtube.com/@MrBeast");
    expect(unwrapLink("javascript:alert(1)")).toBeNull();
  });
});
