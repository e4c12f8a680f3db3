import { describe, expect, it } from "vitest";
import { audiositeHistory } from "./history.ts";
import { audiositePlatform } from "./spec.ts";

const rule = (name: string) => {
  const found = audiositePlatform.monitors?.[`audiosite.${name}`];
  if (!found) throw new Error(`no monitor rule for ${name}`);
  return found;
};

describe("audiosite platform declaration", () => {
  it("names its fourteen operations, the transcript on the audio queue", () => {
    expect(audiositePlatform.operations.map((op) => op.name)).toHaveLength(14);
    expect(audiositePlatform.operations.find((op) => op.name === "audio-transcript")?.queue).toBe("audio");
  });

  it("monitor rules: rows by id, likes by type:id, chart entries by their track, search rows by type:id", () => {
    expect(
      rule("user-tracks")
        .items({ tracks: [{ id: "1" }, { id: "2" }] })
        .map(rule("user-tracks").itemId),
    ).toEqual(["1", "2"]);
    const likes = rule("user-likes");
    const rows = likes.items({
      likes: [
        { type: "track", track: { id: "7" }, playlist: null },
        { type: "playlist", track: null, playlist: { id: "7" } },
      ],
    });
    expect(rows.map(likes.itemId)).toEqual(["track:7", "playlist:7"]);
    const charts = rule("charts");
    expect(charts.items({ entries: [{ position: 1, track: { id: "9" } }] }).map(charts.itemId)).toEqual([
      "9",
    ]);
    const search = rule("search");
    expect(search.items({ results: [{ type: "user", id: "3" }] }).map(search.itemId)).toEqual(["user:3"]);
  });
});

describe("audiosite history", () => {
  it("records users, tracks and playlists by id, the link as alias", () => {
    const user = audiositeHistory["audiosite.user"];
    expect(user?.resource({ id: "542134", url: "https://soundcloud.com/dubmatix" })).toEqual({
      id: "542134",
      url: "https://soundcloud.com/dubmatix",
      aliases: ["https://soundcloud.com/dubmatix"],
    });
    expect(Object.keys(audiositeHistory).sort()).toEqual([
      "audiosite.playlist",
      "audiosite.track",
      "audiosite.user",
    ]);
  });
});
