import { describe, expect, it } from "vitest";
import { bodyText, caseEntries, recordedAnswers } from "../../../test/corpus.ts";
import { parsePlaylistUrl } from "../../inputs/playlist-url.ts";
import { extractAssignedJson } from "../video/watch-page.ts";
import { buildPlaylistDetails } from "./build-details.ts";
import { readPlaylistHeader } from "./header-reader.ts";

describe("readPlaylistHeader", () => {
  it("reads the sidebar and page header of the browse answer (playlist-PLWwAypAcFRgKAIIFqBr9oy-ZYZnixa_Fj)", () => {
    const [answer] = recordedAnswers("playlist-PLWwAypAcFRgKAIIFqBr9oy-ZYZnixa_Fj");
    const details = buildPlaylistDetails(
      {
        playlistId: "PLWwAypAcFRgKAIIFqBr9oy-ZYZnixa_Fj",
        url: "https://www.youtube.com/playlist?list=PLWwAypAcFRgKAIIFqBr9oy-ZYZnixa_Fj",
      },
      readPlaylistHeader(answer?.json),
      answer?.date as Date,
    );
    expect(details).toMatchObject({
      title:
        "I Wanna Rock Super Gigantic Playlist 1: Hardrock, AOR, Metal and more !!! 5000 music videos !!!",
      channelName: "Tomas Nilsson TOMPA571",
      channelId: "UCHSPWoY1J5fbDVbcnyeqwdw",
      channel: { handle: "@tomasnilssontompa571" },
      videoCount: 4999,
      viewCount: 32508939,
      viewCountIsApproximate: false,
      lastUpdatedText: "Updated 4 days ago",
      // Recorded 2026-01-26T18:02:30Z.
      lastUpdated: "2026-01-22T00:00:00.000Z",
      lastUpdatedIsApproximate: true,
      isUnlisted: false,
    });
    expect(details.description).toMatch(/^UPDATED INFO/);
    expect(details.thumbnailUrl).toMatch(/8SbUC-UaAxE/);
  });

  it("reads the 2023 playlistHeaderRenderer page with an absolute update date", () => {
    const [entry] = caseEntries("playlist-html-PLzMcBGfZo4-mP7qA9cagf68V06sko5otr");
    const header = readPlaylistHeader(extractAssignedJson(bodyText(entry as never), "ytInitialData"));
    expect(header).toMatchObject({
      title: "Python Machine Learning Tutorials",
      videoCountText: "12 videos",
      viewCountText: "833,241 views",
      lastUpdatedText: "Last updated on Mar 11, 2020",
    });
    expect(header.owner?.title).toBe("Tech With Tim");
    const details = buildPlaylistDetails(
      { playlistId: "PLzMcBGfZo4-mP7qA9cagf68V06sko5otr", url: "" },
      header,
      new Date(),
    );
    expect(details.lastUpdated).toBe("2020-03-11T00:00:00.000Z");
  });
});

describe("parsePlaylistUrl", () => {
  it("accepts playlist ids and URLs carrying list=", () => {
    expect(parsePlaylistUrl("PLWwAypAcFRgKAIIFqBr9oy-ZYZnixa_Fj")).toEqual({
      kind: "playlist",
      id: "PLWwAypAcFRgKAIIFqBr9oy-ZYZnixa_Fj",
    });
    expect(parsePlaylistUrl("https://www.youtube.com/playlist?list=INVALID_ID")).toEqual({
      kind: "playlist",
      id: "INVALID_ID",
    });
    expect(
      parsePlaylistUrl(
        "https://www.youtube.com/watch?v=8SbUC-UaAxE&list=PLWwAypAcFRgKAIIFqBr9oy-ZYZnixa_Fj&index=1",
      ),
    ).toMatchObject({ id: "PLWwAypAcFRgKAIIFqBr9oy-ZYZnixa_Fj" });
    expect(parsePlaylistUrl("music.youtube.com/playlist?list=OLAK5uy_kxyz0123456789")).toMatchObject({
      kind: "playlist",
    });
  });

  it("refuses mixes, URLs without list= and other platforms (422) and garbage (400)", () => {
    expect(parsePlaylistUrl("https://www.youtube.com/watch?v=FAqYW76GLPA&list=RDFAqYW76GLPA")).toMatchObject({
      kind: "unsupported",
    });
    expect(parsePlaylistUrl("https://www.youtube.com/watch?v=FAqYW76GLPA")).toMatchObject({
      kind: "unsupported",
    });
    expect(parsePlaylistUrl("https://vimeo.com/showcase/1?list=PL1")).toMatchObject({ kind: "unsupported" });
    expect(parsePlaylistUrl("hello")).toMatchObject({ kind: "invalid" });
  });
});
