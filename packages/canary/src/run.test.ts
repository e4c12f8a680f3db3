import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { canaries, platforms, registry, replayOrigins } from "@sda/catalog";
import { createMediaServices } from "@sda/media";
import { createStrategyServices, readStrategyHealth } from "@sda/strategy";
import { summariserFromConfig } from "@sda/summarize";
import {
  defaultCorpusDir,
  deleteKeysWithPrefix,
  startReplay,
  type TestReplay,
  testConfig,
  testLogger,
  writeSyntheticCase,
} from "@sda/testing";
import { createHttpClient, createRecorder, originsFromConfig } from "@sda/upstream";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canaryCalls } from "./calls.ts";
import { runCanaries } from "./run.ts";
import { readCanaryRun } from "./status.ts";

let replay: TestReplay;
let redis: Redis;
const prefixes: string[] = [];
beforeAll(async () => {
  const dir = await writeSyntheticCase({
    platform: "forumsite",
    caseId: "synthetic-canary-blocked",
    why: "a subreddit listing answered with the block page, for a failing canary",
    answers: [
      {
        match: { method: "GET", path: "/r/canaryblocked/hot" },
        status: 403,
        body: "<html><body>You've been blocked by network security.</body></html>",
        mimeType: "text/html",
      },
    ],
  });
  replay = await startReplay(platforms, [defaultCorpusDir(), dir]);
  redis = new Redis(testConfig().REDIS_URL, { maxRetriesPerRequest: null });
});
afterAll(async () => {
  for (const prefix of prefixes) await deleteKeysWithPrefix(testConfig().REDIS_URL, prefix);
  redis.disconnect();
  await replay.close();
});

function deps(recordDir: string) {
  const config = testConfig({}, replay);
  prefixes.push(config.QUEUE_PREFIX);
  const log = testLogger();
  const recorder = createRecorder({ dir: recordDir, platforms, log });
  const http = createHttpClient({
    origins: originsFromConfig(replayOrigins(replay.origin), platforms),
    liveHosts: false,
    timeoutMs: 10_000,
    userAgent: "sda-test",
    log,
    recorder,
  });
  // The worker's handler services (`@sda/services` `createHandlerServices`, which wires this package), from this config.
  const services = {
    media: createMediaServices({ config, redis }),
    summariser: summariserFromConfig(config),
    strategy: createStrategyServices({ config, redis, log }),
  };
  return { registry, declared: canaries, config, redis, http, log, services, recorder, recordDir };
}

describe("canary calls", () => {
  it("reads CANARY_CALLS, or the platforms' own canaries; a bad value is named", () => {
    expect(canaryCalls(undefined, canaries)).toEqual(canaries);
    expect(
      canaryCalls(
        '[{"operation":"forumsite.subreddit-posts","params":{"url":"golang","limit":5}}]',
        canaries,
      ),
    ).toEqual([{ operation: "forumsite.subreddit-posts", params: { url: "golang", limit: "5" } }]);
    expect(() => canaryCalls("[", canaries)).toThrow(/CANARY_CALLS is not JSON/);
    expect(() => canaryCalls('[{"operation":"Not An Id"}]', canaries)).toThrow(/CANARY_CALLS/);
  });

  it("every platform declares canaries of its own operations, and each passes on the recordings", async () => {
    for (const platform of platforms) {
      expect(platform.canaries.length, platform.name).toBeGreaterThan(0);
      for (const call of platform.canaries)
        expect(registry.byId(call.operation)?.platform, call.operation).toBe(platform.name);
    }
    const d = deps(await mkdtemp(path.join(tmpdir(), "sda-canary-")));
    const run = await runCanaries(d);
    await d.http.close();
    expect(run.results.filter((r) => !r.ok)).toEqual([]);
    expect(run.results.map((r) => r.operation)).toEqual(canaries.map((c) => c.operation));
  });

  it("runs the calls unbilled, stores the last run, updates strategy health and records a failure as a replayable case", async () => {
    const recordDir = await mkdtemp(path.join(tmpdir(), "sda-canary-"));
    const d = deps(recordDir);
    const run = await runCanaries({
      ...d,
      calls: [
        { operation: "forumsite.subreddit-details", params: { url: "golang" } },
        { operation: "forumsite.subreddit-posts", params: { url: "canaryblocked" } },
        { operation: "forumsite.no-such-operation", params: {} },
      ],
    });
    await d.http.close();
    expect(run).toMatchObject({ passed: 1, failed: 2 });
    expect(run.results[0]).toMatchObject({ ok: true, source: "public:about", recordedCase: null });
    const blocked = run.results[1];
    expect(blocked).toMatchObject({ ok: false, code: "upstream_blocked" });
    expect(blocked?.strategies).toEqual([
      expect.objectContaining({ id: "json", outcome: "failure", class: "blocked" }),
      expect.objectContaining({ id: "atom", outcome: "failure" }),
    ]);
    expect(run.results[2]).toMatchObject({ ok: false, code: "unknown_operation" });

    expect(await readCanaryRun(redis, d.config.QUEUE_PREFIX)).toEqual(run);
    const health = (await readStrategyHealth(redis, d.config.QUEUE_PREFIX)).forumsite ?? [];
    expect(health.find((s) => s.id === "json")).toMatchObject({ failures: 1, state: "open" });

    // The failure's case replays on its own: the same call fails the same way against the recording.
    const file = blocked?.recordedCase ?? "";
    expect(path.dirname(file)).toBe(path.join(recordDir, "forumsite"));
    const har = JSON.parse(await readFile(file, "utf8")) as {
      log: { entries: { response: { status: number } }[] };
    };
    expect(har.log.entries[0]?.response.status).toBe(403);
    const recorded = await startReplay(platforms, [recordDir]);
    try {
      const again = deps(await mkdtemp(path.join(tmpdir(), "sda-canary-")));
      await again.http.close();
      const rerun = await runCanaries({
        ...again,
        http: createHttpClient({
          origins: originsFromConfig(replayOrigins(recorded.origin), platforms),
          liveHosts: false,
          timeoutMs: 10_000,
          userAgent: "sda-test",
          log: again.log,
        }),
        calls: [{ operation: "forumsite.subreddit-posts", params: { url: "canaryblocked" } }],
      });
      expect(rerun.results[0]).toMatchObject({ ok: false, code: "upstream_blocked" });
    } finally {
      await recorded.close();
    }
  });
});
