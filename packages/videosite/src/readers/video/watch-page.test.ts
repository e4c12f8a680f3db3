import { describe, expect, it } from "vitest";
import { recordedWatchPage } from "../../../test/corpus.ts";
import { readNext } from "./next-reader.ts";
import { readMicroformat, readPlayer } from "./player-reader.ts";
import { extractAssignedJson, readWatchPage } from "./watch-page.ts";

describe("readWatchPage", () => {
  it("extracts the player (with microformat) and the watch-next data of a 2025 page", () => {
    const page = readWatchPage(recordedWatchPage("video-GJLlxj_dtq8"), "GJLlxj_dtq8");
    expect(readMicroformat(page.player)).toMatchObject({
      publishDate: "2018-08-02T06:00:08-07:00",
      category: "Science & Technology",
      likeCount: 43864,
    });
    const next = readNext(page.initialData, "GJLlxj_dtq8");
    expect(next.likes).toMatchObject({ count: 43864, text: "43K" });
    expect(next.comments).toEqual({ count: 2700, approximate: true, text: "2.7K", state: "read" });
    expect(next.channelVerified).toBe(true);
  });

  it("extracts the 2023 pages, whose like button carries an exact likeCount", () => {
    const page = readWatchPage(recordedWatchPage("video-QRS8MkLhQmM"), "QRS8MkLhQmM");
    expect(readMicroformat(page.player)?.publishDate).toBe("2008-09-22");
    expect(readNext(page.initialData, "QRS8MkLhQmM").likes).toEqual({
      count: 3907,
      approximate: false,
      text: "3.9K",
      state: "read",
    });
    expect(readNext(page.initialData, "QRS8MkLhQmM").comments).toMatchObject({
      count: 617,
      approximate: false,
    });
  });

  it("keeps an exact likeCount even when the button shows no number", () => {
    const page = readWatchPage(recordedWatchPage("video-5YceQ8YqYMc"), "5YceQ8YqYMc");
    expect(readNext(page.initialData, "5YceQ8YqYMc").likes).toEqual({
      count: 106729,
      approximate: false,
      text: "106729",
      state: "read",
    });
  });

  it("reads the private video's page as a player without details", () => {
    const page = readWatchPage(recordedWatchPage("video-m8uHb5jIGN8"), "m8uHb5jIGN8");
    const player = readPlayer(page.player);
    expect(player.playability.status).toBe("LOGIN_REQUIRED");
    expect(player.details).toBeNull();
  });

  it("drops objects of another video and finds nothing on interstitial pages", () => {
    const page = readWatchPage(recordedWatchPage("video-GJLlxj_dtq8"), "M4gD1WSo5mA");
    expect(page).toEqual({ player: null, initialData: null });
    const consent = recordedWatchPage("placeholder-blocked-pages", "CONSENTeu01");
    expect(readWatchPage(consent, "CONSENTeu01")).toEqual({ player: null, initialData: null });
  });
});

describe("extractAssignedJson", () => {
  it("is not cut short by braces inside strings", () => {
    const html = `<script>var ytInitialData = {"a":"}};","b":{"c":"\\"{"}};var x = 1;</script>`;
    expect(extractAssignedJson(html, "ytInitialData")).toEqual({ a: "}};", b: { c: '"{' } });
    expect(extractAssignedJson(`window["ytInitialData"] = {"ok":true};`, "ytInitialData")).toEqual({
      ok: true,
    });
    expect(extractAssignedJson("<html></html>", "ytInitialData")).toBeNull();
  });

  it("takes only an assignment of the name itself, in either form of quotes", () => {
    const html = `var myytInitialData = {"x":1}; ytInitialDataX = {"x":2}; window['ytInitialData'] = {"y":3};`;
    expect(extractAssignedJson(html, "ytInitialData")).toEqual({ y: 3 });
    expect(extractAssignedJson(`a.ytInitialData={"z":4};`, "ytInitialData")).toEqual({ z: 4 });
    expect(extractAssignedJson(`ytInitialData == {"z":4};`, "ytInitialData")).toBeNull();
  });
});
