import { rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type HttpClient, parseParams } from "@sda/contract";
import { readStrategyHealth } from "@sda/strategy";
import { defaultCorpusDir, serviceErrorOf } from "@sda/testing";
import { describe, expect } from "vitest";
import { type VideositeTestContext, videositeTest } from "../../../test/fixtures.ts";
import { syntheticPlayer, writeSyntheticCase } from "../../../test/synthetic.ts";
import { getTranscript } from "../../operations/transcript.ts";
import { transcriptParams } from "../../spec/transcript.ts";
import { ProxyPool, parseVideositeProxies, proxiedHttp } from "./proxy-pool.ts";

// Failure classes of the transcript chain on synthetic answers (the corpus has no session block, captcha or
// PO-token caption link), plus the VISIONOS fallback on the recorded VISIONOS answers.

const SESSION = "SYNsession1";
const CAPTCHA = "SYNcaptcha1";
const POT = "SYNpotoken1";
const potCaptionUrl = `https://www.youtube.com/api/timedtext?v=${POT}&ei=x&caps=asr&opi=1&exp=xpe,xpv&xoaf=5&lang=en&fmt=srv3&sparams=ip,exp&signature=AB`;
const json3 = { events: [{ tStartMs: 0, dDurationMs: 1500, segs: [{ utf8: "synthetic words" }] }] };

/**
 * File fixtures: `replayDirs` adds the synthetic case of the failure classes (a temp dir, removed after the file);
 * `provider` is a fake bgutil PO-token provider (`url`, and the `calls` it received).
 * Test fixture: `context(config)`, a new handler context with its own Redis prefix, whose keys are deleted after the test.
 */
const test = videositeTest
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from its destructuring.
  .extend("replayDirs", { scope: "file" }, async ({}, { onCleanup }) => {
    const dir = await writeSyntheticCase("strategy-failures", "failure classes of the transcript chain", [
      {
        match: { method: "POST", path: "/youtubei/v1/player", body: { videoId: SESSION } },
        json: {
          playabilityStatus: {
            status: "UNPLAYABLE",
            reason: "This content isn\u2019t available, try again later.",
          },
        },
      },
      {
        match: { method: "POST", path: "/youtubei/v1/player", body: { videoId: CAPTCHA } },
        json: {
          playabilityStatus: {
            status: "LOGIN_REQUIRED",
            errorScreen: { playerCaptchaViewModel: { captchaSiteKey: "synthetic" } },
          },
        },
      },
      {
        match: { method: "POST", path: "/youtubei/v1/player", body: { videoId: POT } },
        json: syntheticPlayer(POT, potCaptionUrl),
      },
      {
        // Answers only when the PO token came with the request.
        match: {
          method: "POST",
          path: "/youtubei/v1/player",
          body: { videoId: POT, "serviceIntegrityDimensions.poToken": "FAKE-POT" },
        },
        json: syntheticPlayer(POT, potCaptionUrl),
      },
      {
        match: {
          method: "GET",
          path: "/api/timedtext",
          query: { v: POT, fmt: "json3", pot: "FAKE-POT", c: "ANDROID" },
        },
        json: json3,
      },
    ]);
    onCleanup(() => rm(dir, { recursive: true, force: true }));
    return [defaultCorpusDir(process.env.CORPUS_DIR), dir];
  })
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from its destructuring.
  .extend("provider", { scope: "file" }, async ({}, { onCleanup }) => {
    const calls: unknown[] = [];
    const server = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => {
        body += c;
      });
      req.on("end", () => {
        calls.push({ path: req.url, body: JSON.parse(body) });
        res.setHeader("content-type", "application/json");
        res.end(
          JSON.stringify({
            poToken: "FAKE-POT",
            contentBinding: POT,
            expiresAt: new Date(Date.now() + 3600_000).toISOString(),
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    onCleanup(() => new Promise<void>((resolve) => server.close(() => resolve())));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls };
  })
  .extend("context", ({ contextWith }) => contextWith)
  .extend(
    "timedtextHits",
    ({ replay }) =>
      () =>
        replay.hits.filter((h) => h.path === "/api/timedtext").length,
  );

const transcript = (ctx: VideositeTestContext, query: Record<string, string>) =>
  getTranscript(parseParams(transcriptParams, query), ctx);

describe("transcript chain: failure classes on synthetic answers", () => {
  test("a session block ('This content isn't available, try again later') is 502 upstream_blocked with a long Retry-After, never 404", async ({
    context,
  }) => {
    const error = await serviceErrorOf(transcript(context(), { url: SESSION }));
    expect([error.code, error.status, error.retryable]).toEqual(["upstream_blocked", 502, true]);
    expect(error.details.reason).toBe("session_block");
    expect(error.retryAfterSeconds).toBe(900);
    expect(error.details.strategies).toEqual([
      {
        id: "android",
        outcome: "failure",
        class: "blocked",
        code: "upstream_blocked",
        reason: "session_block",
      },
      // The replay answers VISIONOS with the same synthetic answer (it matches on the video id).
      {
        id: "visionos",
        outcome: "failure",
        class: "blocked",
        code: "upstream_blocked",
        reason: "session_block",
      },
    ]);
  });

  test("the captcha screen (playerCaptchaViewModel) is 502 upstream_blocked, reason captcha", async ({
    context,
  }) => {
    const error = await serviceErrorOf(transcript(context(), { url: CAPTCHA }));
    expect([error.code, error.status, error.retryable]).toEqual(["upstream_blocked", 502, true]);
    expect(error.details.reason).toBe("captcha");
    expect(error.retryAfterSeconds).toBe(900);
  });

  test("a block opens that client's circuit only; health shows it and the next video skips the client", async ({
    context,
  }) => {
    // The blocked call runs ANDROID only (the replay would answer VISIONOS with the same block); the next call, on
    // the same key prefix, runs the default order.
    const androidOnly = context({
      IDENTITIES_JSON: JSON.stringify({ videosite: { chains: { transcript: ["android"] } } }),
    });
    await serviceErrorOf(transcript(androidOnly, { url: SESSION }));
    const ctx = context({ QUEUE_PREFIX: androidOnly.keyPrefix });
    const health = (await readStrategyHealth(ctx.redis, ctx.keyPrefix)).videosite ?? [];
    expect(health.find((s) => s.id === "android")).toMatchObject({
      state: "open",
      failures: 1,
      source: "videosite:player:android",
    });
    const { source } = await transcript(ctx, { url: "M4gD1WSo5mA" });
    // ANDROID skipped (its circuit is open): VISIONOS answered, from its own recorded player answer.
    expect(source).toBe("innertube:visionos+timedtext:json3");
  });

  test("a caption link with exp=xpe/xpv and no PO-token provider: 502 po_token_required without a timedtext request", async ({
    context,
    timedtextHits,
  }) => {
    const before = timedtextHits();
    const error = await serviceErrorOf(transcript(context(), { url: POT }));
    expect([error.code, error.status, error.retryable]).toEqual(["upstream_blocked", 502, true]);
    expect(error.details.reason).toBe("po_token_required");
    expect(timedtextHits()).toBe(before);
    expect((error.details.strategies as { class?: string }[]).map((s) => s.class)).toContain(
      "po_token_required",
    );
  });

  test("with a PO-token provider the token goes on /player and the caption link; it is cached in Redis", async ({
    context,
    provider,
  }) => {
    const ctx = context({ VIDEOSITE_POT_PROVIDER_URL: provider.url });
    const calls = provider.calls.length;
    const { data, source } = await transcript(ctx, { url: POT });
    expect(source).toBe("innertube:android+timedtext:json3");
    expect(data.text).toBe("synthetic words");
    expect(provider.calls.slice(calls)).toEqual([{ path: "/get_pot", body: { content_binding: POT } }]);
    expect(await ctx.redis.ttl(`${ctx.keyPrefix}:upstream:videosite:pot:${POT}`)).toBeGreaterThan(3000);
    await transcript(ctx, { url: POT });
    expect(provider.calls.length).toBe(calls + 1);
  });
});

describe("VIDEOSITE_PROXIES", () => {
  test("requests carry the current proxy; a block moves every worker on to the next proxy", async ({
    context,
  }) => {
    const ctx = context({
      VIDEOSITE_PROXIES: "http://p1:8080, http://p2:8080",
      // ANDROID only: each blocked client moves the pool on once.
      IDENTITIES_JSON: JSON.stringify({ videosite: { chains: { transcript: ["android"] } } }),
    });
    const pool = new ProxyPool(ctx.store, parseVideositeProxies(ctx.env));
    expect(await pool.current()).toBe("http://p1:8080");
    const seen: (string | undefined)[] = [];
    const http = proxiedHttp(
      {
        request: async (request) => {
          seen.push(request.proxy);
          throw new Error("not sent");
        },
        stream: async () => {
          throw new Error("not sent");
        },
      },
      await pool.current(),
    );
    await http.request({ url: "https://www.youtube.com/" }).catch(() => undefined);
    // A shared pipeline handed `ctx.http` (media's ASR tiers) names its own provider: not proxied.
    const pipeline: HttpClient = http;
    await pipeline.request({ platform: "asr", url: "https://asr.example/" }).catch(() => undefined);
    expect(seen).toEqual(["http://p1:8080", undefined]);
    // Through the chain (the replay ignores proxies): the session block rotates the pool.
    await serviceErrorOf(transcript(ctx, { url: SESSION }));
    expect(await pool.current()).toBe("http://p2:8080");
    // A stale rotation (another worker already moved on from p1) does not skip p2.
    expect(await pool.rotate("http://p1:8080")).toBe("http://p2:8080");
  });
});

describe("transcript chain: VISIONOS on the recorded VISIONOS answers", () => {
  const visionosOnly = JSON.stringify({ videosite: { chains: { transcript: ["visionos"] } } });

  test.for<[string, string]>([
    ["M4gD1WSo5mA", "en"],
    ["kX3nB4PpJko", "en"],
  ])("%s: the VISIONOS caption tracks are read (configured order)", async ([id, language], { context }) => {
    const { data, source } = await transcript(context({ IDENTITIES_JSON: visionosOnly }), { url: id });
    expect(source).toBe("innertube:visionos+timedtext:json3");
    expect(data.returnedLanguage.startsWith(language)).toBe(true);
    expect(data.segments.length).toBeGreaterThan(0);
  });

  test("X4VbdwhkE10 (live, no caption track): VISIONOS says no_captions like ANDROID", async ({
    context,
  }) => {
    const error = await serviceErrorOf(
      transcript(context({ IDENTITIES_JSON: visionosOnly }), { url: "X4VbdwhkE10" }),
    );
    expect(error.code).toBe("no_captions");
  });

  test("it3OtbTxQk0: the VISIONOS refusal of a made-for-kids video is a retryable 502, never a 404", async ({
    context,
  }) => {
    const error = await serviceErrorOf(
      transcript(context({ IDENTITIES_JSON: visionosOnly }), { url: "it3OtbTxQk0" }),
    );
    expect([error.code, error.status, error.retryable]).toEqual(["upstream_error", 502, true]);
    expect(error.details).toMatchObject({ reason: "client_refused", client: "VISIONOS" });
  });

  test("it3OtbTxQk0 in the default order: ANDROID judges the video, VISIONOS's refusal does not turn it into a 404", async ({
    context,
  }) => {
    const error = await serviceErrorOf(transcript(context(), { url: "it3OtbTxQk0" }));
    expect(error.code).toBe("upstream_error");
    expect(error.details.reason).toBe("caption_fetch_failed");
    expect(
      (error.details.strategies as { id: string; reason?: string }[]).map((s) => [s.id, s.reason]),
    ).toEqual([
      ["android", "caption_fetch_failed"],
      ["visionos", "client_refused"],
    ]);
  });
});
