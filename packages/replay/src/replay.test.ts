import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultCorpusDir } from "./har.ts";
import { type ReplayServer, startReplayServer } from "./server.ts";

let replay: ReplayServer;

beforeAll(async () => {
  replay = await startReplayServer({
    dirs: [defaultCorpusDir(process.env.CORPUS_DIR)],
    // Reddit's path rule (corpus README §2), as the forum platform declares it; the others compare exactly.
    rules: { forumsite: { path: { stripTrailingSlash: true, stripSuffix: ".json", caseInsensitive: true } } },
  });
});
afterAll(() => replay.close());

describe("replay upstream", () => {
  it("selects every recorded entry for its own recorded request, over HTTP", async () => {
    const wrong: string[] = [];
    for (const { caseId, index, entry } of replay.entries) {
      const { method, url, postData } = entry.request;
      const target = new URL(url);
      const response = await fetch(`${replay.origin}${target.pathname}${target.search}`, {
        method,
        redirect: "manual",
        ...(postData?.text !== undefined && method !== "GET"
          ? { body: postData.text, headers: { "content-type": postData.mimeType ?? "application/json" } }
          : {}),
      });
      await response.arrayBuffer();
      const served = response.headers.get("x-replay-case");
      if (served !== caseId || response.status !== entry.response.status)
        wrong.push(`${caseId}#${index} → ${served}`);
    }
    expect(wrong).toEqual([]);
    expect(replay.entries.length).toBeGreaterThan(250);
  });

  it("answers 404 with a JSON body naming the request when nothing matches", async () => {
    const response = await fetch(`${replay.origin}/youtubei/v1/player?x=1`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ videoId: "notRecorded" }),
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      replay: "no_match",
      method: "POST",
      path: "/youtubei/v1/player",
      query: { x: "1" },
      body: { videoId: "notRecorded" },
    });
  });

  it("applies the forumsite path rule: trailing slash and .json are the same resource", async () => {
    const a = await fetch(`${replay.origin}/r/golang/about.json`);
    const b = await fetch(`${replay.origin}/r/golang/about/`);
    expect(a.headers.get("x-replay-case")).toBe("goreddit-r-golang-about");
    expect(b.headers.get("x-replay-case")).toBe("goreddit-r-golang-about");
  });

  it("compares forumsite paths case-insensitively (corpus README §2): /r/AskReddit is /r/askreddit", async () => {
    const recorded =
      replay.entries.find((e) => e.caseId === "goreddit-r-Fitness-rules")?.entry._match.path ?? "";
    expect(recorded).toMatch(/[A-Z]/);
    for (const path of [recorded, recorded.toLowerCase(), `${recorded.toUpperCase()}.json`]) {
      const response = await fetch(`${replay.origin}${path}`);
      await response.arrayBuffer();
      expect(response.headers.get("x-replay-case")).toBe("goreddit-r-Fitness-rules");
    }
  });

  it("compares other platforms' paths exactly", async () => {
    const response = await fetch(`${replay.origin}/YOUTUBEI/V1/PLAYER`, { method: "POST", body: "{}" });
    await response.arrayBuffer();
    expect(response.status).toBe(404);
  });

  it("serves base64 bodies decoded, with the recorded content type", async () => {
    const response = await fetch(`${replay.origin}/videoplayback?id=SynthAudio1&itag=140&mime=audio%2Fmp4`);
    expect(response.headers.get("content-type")).toBe("audio/mp4");
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.subarray(4, 8).toString("latin1")).toBe("ftyp");
  });

  it("injects faults in front of the corpus", async () => {
    const remove = replay.addFault({ when: (r) => r.path === "/r/golang/about", status: 503 });
    expect((await fetch(`${replay.origin}/r/golang/about`)).status).toBe(503);
    remove();
    expect((await fetch(`${replay.origin}/r/golang/about`)).status).toBe(200);
  });
});
