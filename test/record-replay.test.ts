import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { platforms, registry, replayOrigins } from "@sda/catalog";
import {
  bindHttpClient,
  CursorCodec,
  type HttpClient,
  type OperationOutcome,
  parseParams,
} from "@sda/contract";
import { createHandlerServices } from "@sda/services/handler-services";
import {
  deleteKeysWithPrefix,
  randomPrefix,
  startReplay,
  type TestContext,
  type TestReplay,
  testContext,
  testLogger,
} from "@sda/testing";
import { createHttpClient, createRecorder, originsFromConfig, REDACTED, type Recorder } from "@sda/upstream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Record mode (issue 14, item 6) as a round trip: a call is recorded against the replay of the corpus, then the
// recording alone is replayed, and the same call must give the same answer.

const contexts: TestContext[] = [];
const replays: TestReplay[] = [];
let corpus: TestReplay;
beforeAll(async () => {
  corpus = await startReplay(platforms);
  replays.push(corpus);
});
afterAll(async () => {
  for (const ctx of contexts) {
    await deleteKeysWithPrefix(ctx.config.REDIS_URL, ctx.keyPrefix);
    ctx.redis.disconnect();
  }
  for (const replay of replays) await replay.close();
});

/** A context of {@link contextOn}: its upstream client unbound, bound to each operation's platform by {@link call}. */
type RecordingContext = TestContext & { upstream: HttpClient };

/** A handler context on `replay` (own Redis prefix), whose upstream client hands its exchanges to `recorder`. */
function contextOn(
  replay: TestReplay,
  config: Record<string, string>,
  recorder?: Recorder,
): RecordingContext {
  const base = testContext(replay, {
    config: { QUEUE_PREFIX: randomPrefix("rec"), ...config },
    // As the worker builds them: the catalog's handlers read media, the summariser and the strategy chains.
    services: createHandlerServices,
  });
  contexts.push(base);
  const http = createHttpClient({
    origins: originsFromConfig(replayOrigins(replay.origin), platforms),
    liveHosts: false,
    timeoutMs: 10_000,
    userAgent: "sda-test",
    log: testLogger(),
    ...(recorder ? { recorder } : {}),
  });
  return { ...base, http: bindHttpClient(http, base.platform), upstream: http };
}

async function call(
  context: RecordingContext,
  operation: string,
  raw: Record<string, string>,
  recorder?: Recorder,
): Promise<OperationOutcome> {
  const op = registry.byId(operation);
  if (!op) throw new Error(`no operation ${operation}`);
  const params = parseParams(op.params, raw) as Record<string, unknown>;
  const handler = await registry.handler(operation);
  // As the engine builds it for `op`: its platform's client, its cursors.
  const ctx: TestContext = {
    ...context,
    platform: op.platform,
    operation: op.id,
    http: bindHttpClient(context.upstream, op.platform),
    cursors: new CursorCodec(context.config.CURSOR_SECRET).bind(op.id),
  };
  const run = () => handler(params, ctx);
  return recorder ? recorder.record({ jobId: ctx.jobId, operation, params }, run) : run();
}

interface Case {
  operation: string;
  params: Record<string, string>;
  config?: Record<string, string>;
}

const CASES: Case[] = [
  { operation: "forumsite.subreddit-posts", params: { url: "popular", limit: "150" } },
  {
    operation: "forumsite.subreddit-details",
    params: { url: "golang" },
    config: { FORUMSITE_CLIENT_ID: "rec-client", FORUMSITE_CLIENT_SECRET: "rec-secret" },
  },
  { operation: "photosite.details", params: { url: "https://www.instagram.com/reel/C10MvewSSYl/" } },
  { operation: "photosite.channel-reels", params: { url: "anasaiaofficial", limit: "20" } },
  { operation: "videosite.transcript", params: { url: "https://www.youtube.com/watch?v=M4gD1WSo5mA" } },
];

describe("record mode round trip", () => {
  for (const c of CASES)
    it(`${c.operation}: the recording alone answers exactly what the corpus answered`, async () => {
      const dir = await mkdtemp(path.join(tmpdir(), "sda-record-"));
      const files: (string | null)[] = [];
      const recorder = createRecorder({ dir, platforms, log: testLogger() });
      const recording = contextOn(corpus, c.config ?? {}, recorder);
      const recorded = await recorder.record(
        { jobId: recording.jobId, operation: c.operation, params: c.params },
        () => call(recording, c.operation, c.params),
        { onRecorded: (file) => files.push(file) },
      );
      expect(files).toHaveLength(1);
      const file = files[0] as string;
      expect(path.dirname(file)).toBe(path.join(dir, c.operation.split(".")[0] as string));

      const replay = await startReplay(platforms, [dir]);
      replays.push(replay);
      const replayed = await call(contextOn(replay, c.config ?? {}), c.operation, c.params);
      expect(replayed.data).toEqual(recorded.data);
      expect(replayed.source).toBe(recorded.source);
      expect(replay.hits.length).toBeGreaterThan(0);
      expect(replay.hits.every((h) => h.caseId !== null)).toBe(true);
    });

  it("a request asked twice in one job (a retry after a refused token) keeps its last answer", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "sda-record-"));
    const recorder = createRecorder({ dir, platforms, log: testLogger() });
    const config = { FORUMSITE_CLIENT_ID: "rec-retry", FORUMSITE_CLIENT_SECRET: "rec-secret" };
    let refused = false;
    const remove = corpus.addFault({
      when: (r) => {
        if (refused || r.path !== "/r/golang/about") return false;
        refused = true;
        return true;
      },
      status: 401,
      body: '{"message": "Unauthorized", "error": 401}',
      headers: { "content-type": "application/json" },
    });
    let recorded: OperationOutcome;
    try {
      recorded = await call(
        contextOn(corpus, config, recorder),
        "forumsite.subreddit-details",
        { url: "golang" },
        recorder,
      );
    } finally {
      remove();
    }
    expect(refused).toBe(true);
    const [file] = await readdir(path.join(dir, "forumsite"));
    const { log } = JSON.parse(await readFile(path.join(dir, "forumsite", file as string), "utf8")) as {
      log: { entries: (Entry & { _matchNote?: string })[] };
    };
    const about = log.entries.filter((e) => e._match.path === "/r/golang/about");
    expect(about).toHaveLength(1);
    expect(about[0]?._matchNote).toMatch(/status 401/);
    const replay = await startReplay(platforms, [dir]);
    replays.push(replay);
    const replayed = await call(contextOn(replay, config), "forumsite.subreddit-details", { url: "golang" });
    expect(replayed.data).toEqual(recorded.data);
  });

  it("writes the corpus README's format: identity _match, provenance, secrets redacted", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "sda-record-"));
    const recorder = createRecorder({ dir, platforms, log: testLogger() });
    const config = { FORUMSITE_CLIENT_ID: "rec-client", FORUMSITE_CLIENT_SECRET: "rec-secret" };
    const ctx = contextOn(corpus, config, recorder);
    await call(ctx, "forumsite.subreddit-details", { url: "golang" }, recorder);
    const [file] = await readdir(path.join(dir, "forumsite"));
    const text = await readFile(path.join(dir, "forumsite", file as string), "utf8");
    // The corpus' (synthetic) bearer token and the Basic credentials never reach the file.
    expect(text).not.toContain("synthetic-app-only-token-0001");
    expect(text).not.toContain(Buffer.from("rec-client:rec-secret").toString("base64"));
    const { log } = JSON.parse(text) as { log: { _case: { platform: string }; entries: Entry[] } };
    expect(log._case.platform).toBe("forumsite");
    const token = log.entries.find((e) => e._match.path === "/api/v1/access_token");
    expect(token?._match).toEqual({
      method: "POST",
      path: "/api/v1/access_token",
      body: { grant_type: "client_credentials" },
    });
    expect(JSON.parse(token?.response.content.text ?? "{}").access_token).toBe(REDACTED);
    const about = log.entries.find((e) => e._match.path === "/r/golang/about");
    // raw_json is volatile: not in the match; the live URL (with it) is the request URL.
    expect(about?._match).toEqual({ method: "GET", path: "/r/golang/about" });
    expect(about?.request.url).toBe("https://oauth.reddit.com/r/golang/about?raw_json=1");
    expect(about?.request.headers.find((h) => h.name === "authorization")?.value).toBe(REDACTED);
    for (const entry of log.entries) {
      expect(entry._source).toMatch(/^recorded .+@\d+\.\d+\.\d+$/);
      expect(Number.isNaN(Date.parse(entry._recordedAt))).toBe(false);
      expect(
        entry.response.headers.filter((h) => h.name === "set-cookie").every((h) => h.value === REDACTED),
      ).toBe(true);
    }
  });

  it("a GraphQL form body matches on its operation and identity variables, never on session fields", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "sda-record-"));
    const recorder = createRecorder({ dir, platforms, log: testLogger() });
    const ctx = contextOn(
      corpus,
      { PHOTOSITE_SESSION_COOKIES: "sessionid=secret-session; csrftoken=secret-csrf" },
      recorder,
    );
    await call(ctx, "photosite.details", { url: "C10MvewSSYl" }, recorder);
    const [file] = await readdir(path.join(dir, "photosite"));
    const text = await readFile(path.join(dir, "photosite", file as string), "utf8");
    expect(text).not.toContain("secret-session");
    expect(text).not.toContain("secret-csrf");
    const { log } = JSON.parse(text) as { log: { entries: Entry[] } };
    const graphql = log.entries.find((e) => e._match.path === "/api/graphql");
    expect(graphql?._match.body).toMatchObject({
      fb_api_req_friendly_name: "PolarisPostRootQuery",
      "variables.shortcode": "C10MvewSSYl",
    });
    expect(Object.keys(graphql?._match.body ?? {})).not.toContain("server_timestamps");
  });
});

interface Entry {
  _match: { method: string; path: string; query?: Record<string, unknown>; body?: Record<string, unknown> };
  _source: string;
  _recordedAt: string;
  request: { url: string; headers: { name: string; value: string }[] };
  response: { headers: { name: string; value: string }[]; content: { text?: string } };
}
