import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultCorpusDir } from "./har.ts";
import { type ReplayServer, startReplayServer } from "./server.ts";

let replay: ReplayServer;

/** A request to the replay naming `host` in its `Host` header (fetch may not set it), as the upstream client sends it. */
function sendTo(
  host: string,
  method: string,
  pathAndQuery: string,
  body?: { text: string; type: string },
): Promise<{ status: number; caseId: string | undefined; text: string }> {
  const target = new URL(replay.origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method,
        path: pathAndQuery,
        headers: { host, ...(body ? { "content-type": body.type } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const caseId = res.headers["x-replay-case"];
          resolve({
            status: res.statusCode ?? 0,
            caseId: typeof caseId === "string" ? caseId : undefined,
            text: Buffer.concat(chunks).toString("utf8"),
          });
        });
      },
    );
    req.on("error", reject);
    req.end(body?.text);
  });
}

beforeAll(async () => {
  replay = await startReplayServer({
    dirs: [defaultCorpusDir(process.env.CORPUS_DIR)],
    // Reddit's path rule (corpus README §2), as the forum platform declares it; the others compare exactly.
    rules: { forumsite: { path: { stripTrailingSlash: true, stripSuffix: ".json", caseInsensitive: true } } },
  });
});
afterAll(() => replay.close());

describe("replay upstream", () => {
  it("selects every recorded entry for its own recorded request (with its recorded host), over HTTP", async () => {
    const wrong: string[] = [];
    for (const { caseId, index, entry } of replay.entries) {
      const { method, url, postData } = entry.request;
      const target = new URL(url);
      const response = await sendTo(
        target.host,
        method,
        `${target.pathname}${target.search}`,
        postData?.text !== undefined && method !== "GET"
          ? { text: postData.text, type: postData.mimeType ?? "application/json" }
          : undefined,
      );
      if (response.caseId !== caseId || response.status !== entry.response.status)
        wrong.push(`${caseId}#${index} → ${response.caseId}`);
    }
    expect(wrong).toEqual([]);
    expect(replay.entries.length).toBeGreaterThan(250);
  });

  it("compares the host only for entries that carry _match.host (musicsite artist hosts, corpus README §2 rule 2)", async () => {
    // Two artists' home pages share the path `/`: the host names the artist.
    expect((await sendTo("toupie.bandcamp.com", "GET", "/")).caseId).toBe("artist-toupie-empty-discography");
    expect((await sendTo("Lobstertheremin.com", "GET", "/")).caseId).toBe(
      "artist-lobstertheremin-custom-domain",
    );
    expect((await sendTo("billwurtz.bandcamp.com", "GET", "/album/high-enough")).caseId).toBe(
      "album-billwurtz-high-enough",
    );
    const unknown = await sendTo("nobody.bandcamp.com", "GET", "/album/high-enough");
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.text)).toMatchObject({
      replay: "no_match",
      host: "nobody.bandcamp.com",
      path: "/album/high-enough",
    });
    // An entry without a host matches whatever host the request names (every other platform, bandcamp.com's API).
    const search = await sendTo("example.invalid", "GET", "/search?q=noise&page=1");
    expect(search.caseId).toBe("search-noise");
    const about = await sendTo("127.0.0.1", "GET", "/r/golang/about");
    expect(about.caseId).toBe("goreddit-r-golang-about");
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

  it("holds a faulted request until the fault's `until` settles, before its delay is out", async () => {
    let release!: () => void;
    const until = new Promise<void>((resolve) => {
      release = resolve;
    });
    const remove = replay.addFault({ when: (r) => r.path === "/r/golang/about", delayMs: 600_000, until });
    let answered = false;
    const held = fetch(`${replay.origin}/r/golang/about`).then((r) => {
      answered = true;
      return r;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answered).toBe(false);
    release();
    expect((await held).status).toBe(200);
    remove();
  });
});
