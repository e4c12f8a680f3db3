import { platforms } from "@sda/catalog";
import { startReplay } from "@sda/testing";
import { describe, expect } from "vitest";
import { expectDocumentedEvent } from "./support/contract.ts";
import { LOCAL_WEBHOOKS_ENV, stackTest } from "./support/fixtures.ts";
import { ledgerSum } from "./support/ledger.ts";
import { finishedDelivery, runNow, writeThreeMorePostsCase } from "./support/monitors.ts";
import { send, startStackWorkers } from "./support/stack.ts";

// Gateway + workers + the replay + a real local webhook receiver that verifies every signature with the
// `standardwebhooks` library. Runs are triggered with `scheduler.runNow` (no waiting for schedules); the webhook retry
// schedule is 10 ms steps. Nothing asserts on elapsed time.

const LISTING = { path: "/v1/forumsite/subreddit-posts", params: { url: "popular", limit: 5 } };
const WEBHOOK_CONFIG = { retryScheduleMs: [10, 10], timeoutMs: 5_000 };

/** Every account this file creates: the last test checks each one's ledger. */
const accounts: string[] = [];

const test = stackTest
  .extend("stackOptions", { scope: "file" }, { workers: "none", env: LOCAL_WEBHOOKS_ENV })
  // The workers of this file (the stack starts none), replaced by ones reading another replay with `restart`.
  .extend("workers", { scope: "file", auto: true }, async ({ stack }, { onCleanup }) => {
    const start = (replayOrigin?: string) =>
      startStackWorkers(stack, replayOrigin ? { FORUMSITE_ORIGIN: replayOrigin } : {}, {
        webhookConfig: WEBHOOK_CONFIG,
      });
    const workers = {
      current: await start(),
      /** Closes the running workers and starts new ones reading the platforms from `replayOrigin`. */
      async restart(replayOrigin?: string) {
        await workers.current.close(1000);
        workers.current = await start(replayOrigin);
      },
    };
    onCleanup(() => workers.current.close(1000));
    return workers;
  })
  /** A new account with `credits` and a key, remembered for the last test's ledger check. */
  .extend("account", { scope: "file" }, ({ stack }) => async (credits: number) => {
    const created = await stack.account(credits);
    accounts.push(created.accountId);
    return created;
  })
  /**
   * Creates a monitor on the listing. Its schedule fires once a year (an interval schedule's first run is at once), so
   * the only runs are the test's own `runNow`.
   */
  .extend(
    "createMonitor",
    { scope: "file" },
    ({ stack, receiver }) =>
      async (key: string, webhookPath: string, extra: Record<string, unknown> = {}) => {
        const created = await send(stack, "POST", "/v1/monitors", key, {
          ...LISTING,
          schedule: { cron: "0 0 1 1 *", tz: "Europe/Berlin" },
          webhookUrl: receiver.url(webhookPath),
          ...extra,
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        receiver.state.secret = created.body.data.secret;
        return created.body.data as { id: string; secret: string; status: string };
      },
  )
  /** A new account with `credits` (default 10) and a key, and a monitor of that key posting to `webhookPath`. */
  .extend(
    "accountWithMonitor",
    { scope: "file" },
    ({ account, createMonitor }) =>
      async (
        webhookPath: string,
        { credits = 10, ...extra }: { credits?: number } & Record<string, unknown> = {},
      ) => {
        const created = await account(credits);
        return { ...created, monitor: await createMonitor(created.key, webhookPath, extra) };
      },
  )
  .extend("expectLedgerConsistent", { scope: "file" }, ({ stack }) => async (accountId: string) => {
    const credits = await stack.ledger.credits(accountId);
    expect(credits?.balance).toBe(await ledgerSum(stack.ledger, accountId));
    expect(credits?.reserved).toBe(0);
  });

describe("a monitor on a replayed list", () => {
  test("records a baseline, then delivers exactly the 3 new items, signed, each run billed like a direct call", async ({
    stack,
    receiver,
    workers,
    account,
    createMonitor,
    expectLedgerConsistent,
  }) => {
    const { key, accountId } = await account(100);
    const direct = await stack.get(LISTING.path, key, { url: "popular", limit: "5" });
    expect(direct.status).toBe(200);
    const directCredits = Number(direct.headers.get("x-service-credits"));
    expect(directCredits).toBeGreaterThan(0);

    const monitor = await createMonitor(key, "/items");
    expect(monitor).toMatchObject({
      status: "active",
      kind: "items",
      operation: "forumsite.subreddit-posts",
    });
    expect(monitor.secret).toMatch(/^whsec_/);

    const baseline = await runNow(stack, monitor.id);
    expect(baseline).toMatchObject({
      status: "succeeded",
      itemsSeen: 5,
      newItems: 0,
      credits: directCredits,
    });
    expect(receiver.hits("/items")).toHaveLength(0);

    // The platform now lists three more posts: a replay serving the test's synthetic case, read by new workers.
    const synthetic = await writeThreeMorePostsCase();
    const replay = await startReplay(platforms, [synthetic.dir]);
    await workers.restart(replay.origin);
    try {
      const second = await runNow(stack, monitor.id);
      expect(second).toMatchObject({
        status: "succeeded",
        itemsSeen: 5,
        newItems: 3,
        credits: directCredits,
      });
      await expect.poll(() => receiver.hits("/items").length, { timeout: 30_000 }).toBe(1);
      const [hit] = receiver.hits("/items");
      expect(hit?.verified).toBe(true);
      const event = JSON.parse(hit?.body ?? "{}");
      expectDocumentedEvent("monitor.items", event);
      expect(event).toMatchObject({
        type: "monitor.items",
        monitorId: monitor.id,
        runId: second.id,
        operation: "forumsite.subreddit-posts",
        params: { url: "popular", limit: "5" },
      });
      expect(event.items.map((p: { fullname: string }) => p.fullname)).toEqual(synthetic.fullnames);
      expect(Date.parse(event.createdAt)).not.toBeNaN();

      // Billed like the direct call: one charge per run under the run's own request id, logged with the monitor id.
      for (const run of [baseline, second]) {
        const charges = await stack.ledger.chargesFor(run.requestId);
        expect(charges.map((c) => c.amount)).toEqual([-directCredits]);
        const row = await stack.prisma.requestLog.findUnique({ where: { id: run.requestId } });
        expect(row).toMatchObject({ monitorId: monitor.id, status: 200, path: LISTING.path });
      }
      expect(await stack.ledger.balance(accountId)).toBe(100 - 3 * directCredits);

      const runs = await stack.get(`/v1/monitors/${monitor.id}/runs`, key);
      expect(runs.status).toBe(200);
      expect(runs.body.data.runs.map((r: { newItems: number }) => r.newItems)).toEqual([3, 0]);
      expect(runs.body.data.runs[0]).toMatchObject({
        status: "succeeded",
        credits: directCredits,
        error: null,
      });
      const deliveries = await stack.get(`/v1/monitors/${monitor.id}/deliveries`, key);
      expect(deliveries.body.data.deliveries[0]).toMatchObject({
        eventType: "monitor.items",
        status: "succeeded",
      });
      expect(deliveries.body.data.deliveries[0].webhookId).toBe(hit?.headers["webhook-id"]);
    } finally {
      await workers.restart();
      await replay.close();
    }
    await expectLedgerConsistent(accountId);
  });

  test("another key gets 404 monitor_not_found for every route of the monitor", async ({
    stack,
    account,
    createMonitor,
  }) => {
    const owner = await account(10);
    const other = await account(10);
    const monitor = await createMonitor(owner.key, "/other");
    for (const [method, p] of [
      ["GET", `/v1/monitors/${monitor.id}`],
      ["PATCH", `/v1/monitors/${monitor.id}`],
      ["DELETE", `/v1/monitors/${monitor.id}`],
      ["GET", `/v1/monitors/${monitor.id}/runs`],
      ["GET", `/v1/monitors/${monitor.id}/deliveries`],
      ["POST", `/v1/monitors/${monitor.id}/test`],
      ["POST", `/v1/monitors/${monitor.id}/rotate-secret`],
    ] as const) {
      const response = await send(
        stack,
        method,
        p,
        other.key,
        method === "PATCH" ? { status: "paused" } : undefined,
      );
      expect(response.status, `${method} ${p}`).toBe(404);
      expect(response.body.error.code).toBe("monitor_not_found");
    }
    const listed = await stack.get("/v1/monitors", other.key);
    expect(listed.body.data.monitors).toEqual([]);
    expect(
      (await stack.get("/v1/monitors", owner.key)).body.data.monitors.map((m: { id: string }) => m.id),
    ).toEqual([monitor.id]);
  });
});

describe("baselines and resumption", () => {
  test("deliverInitial delivers the first run's items; new params start a new baseline", async ({
    stack,
    receiver,
    accountWithMonitor,
    expectLedgerConsistent,
  }) => {
    const { key, accountId, monitor } = await accountWithMonitor("/initial", {
      credits: 20,
      deliverInitial: true,
    });
    const first = await runNow(stack, monitor.id);
    expect(first).toMatchObject({ status: "succeeded", itemsSeen: 5, newItems: 5 });
    await expect.poll(() => receiver.messages("/initial").length, { timeout: 30_000 }).toBe(1);
    expect(JSON.parse(receiver.messages("/initial")[0]?.body ?? "{}").items).toHaveLength(5);
    // The same answer again: nothing new, nothing sent.
    expect(await runNow(stack, monitor.id)).toMatchObject({ status: "succeeded", newItems: 0 });
    // More items in the answer: the 3 beyond the first 5 are new.
    const patched = await send(stack, "PATCH", `/v1/monitors/${monitor.id}`, key, {
      params: { url: "popular", limit: 8 },
    });
    expect(patched.body.data.params).toEqual({ url: "popular", limit: "8" });
    const rebased = await runNow(stack, monitor.id);
    expect(rebased).toMatchObject({ status: "succeeded", itemsSeen: 8, newItems: 8 });
    await expectLedgerConsistent(accountId);
  });

  test("a run job re-run after its diff committed delivers the kept items instead of diffing again", async ({
    stack,
    receiver,
    accountWithMonitor,
  }) => {
    const { monitor } = await accountWithMonitor("/resume");
    const { store, scheduler } = stack.gateway.deps.monitors;
    // The state a worker leaves when it dies right after the diff: the run `delivering`, its new items kept, the
    // monitor claimed by it.
    const jobKey = `manual-${monitor.id}-resume`;
    const run = await store.runs.startRun(monitor.id, jobKey, "manual");
    await stack.prisma.monitorRun.update({
      where: { id: run.id },
      data: { status: "delivering", itemsSeen: 2, newItems: 2, pendingItems: [{ id: "a" }, { id: "b" }] },
    });
    expect(await store.runs.claim(monitor.id, run.id, new Date(0))).toBe(true);
    await scheduler.queue.add("run", { monitorId: monitor.id, trigger: "manual" }, { jobId: jobKey });
    await expect
      .poll(async () => (await store.runs.runByJob(jobKey))?.status, { timeout: 30_000, interval: 50 })
      .toBe("succeeded");
    await expect.poll(() => receiver.hits("/resume").length, { timeout: 30_000 }).toBe(1);
    expect(JSON.parse(receiver.hits("/resume")[0]?.body ?? "{}")).toMatchObject({
      runId: run.id,
      items: [{ id: "a" }, { id: "b" }],
    });
    expect(await stack.ledger.chargesFor(run.requestId)).toEqual([]);
    // The claim is released: the next run goes ahead.
    expect((await runNow(stack, monitor.id)).status).toBe("succeeded");
  });

  test("lists monitors newest first, page by page", async ({ stack, account, createMonitor }) => {
    const { key } = await account(10);
    const a = await createMonitor(key, "/page");
    const b = await createMonitor(key, "/page");
    const first = await stack.get("/v1/monitors", key, { limit: "1" });
    expect(first.body.data).toMatchObject({ totalReturned: 1, hasMore: true });
    expect(first.body.data.monitors[0].id).toBe(b.id);
    const second = await stack.get("/v1/monitors", key, { limit: "1", cursor: first.body.data.nextCursor });
    expect(second.body.data.monitors.map((m: { id: string }) => m.id)).toEqual([a.id]);
    expect(second.body.data).toMatchObject({ hasMore: false, nextCursor: null });
    const bad = await stack.get("/v1/monitors", key, { cursor: "forged" });
    expect(bad.body.error.code).toBe("invalid_cursor");
  });
});

describe("validation", () => {
  test("refuses what cannot be monitored, too frequent schedules and bad bodies with a named 400/422", async ({
    stack,
    receiver,
    account,
  }) => {
    const { key } = await account(10);
    const base = { ...LISTING, schedule: { every: "1h" }, webhookUrl: receiver.url("/v") };
    const cases: [unknown, number, string][] = [
      [
        { ...base, path: "/v1/videosite/video-details", params: { url: "M4gD1WSo5mA" } },
        400,
        "operation_not_monitorable",
      ],
      [{ ...base, path: "/v1/videosite/transcript" }, 400, "operation_not_monitorable"],
      [{ ...base, schedule: { every: "1m" } }, 400, "invalid_schedule"],
      [{ ...base, schedule: { cron: "* * * * *" } }, 400, "invalid_schedule"],
      [{ ...base, schedule: { cron: "0 * * * *", tz: "Nowhere/City" } }, 400, "invalid_schedule"],
      [{ ...base, params: { url: "popular", cursor: "abc" } }, 400, "invalid_parameter"],
      [{ ...base, params: { url: "popular", limit: 100000 } }, 400, "parameter_out_of_range"],
      [{ ...base, params: {} }, 400, "missing_parameter"],
      [
        { ...base, path: "/v1/videosite/comments", params: { url: "https://example.com/x" } },
        422,
        "unsupported_url",
      ],
      [{ ...base, surprise: true }, 400, "invalid_parameter"],
      [{ ...base, webhookUrl: undefined }, 400, "missing_parameter"],
    ];
    for (const [body, status, code] of cases) {
      const response = await send(stack, "POST", "/v1/monitors", key, body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.body.error.code, JSON.stringify(body)).toBe(code);
    }
    const badJson = await send(stack, "POST", "/v1/monitors", key, "{not json");
    expect(badJson.status).toBe(400);
    expect(badJson.body.error).toMatchObject({ code: "invalid_parameter", param: "body" });
    expect((await send(stack, "POST", "/v1/monitors", null, base)).status).toBe(401);
  });

  test("refuses webhook URLs the SSRF guard forbids, naming the reason", async ({ stack, account }) => {
    const { key } = await account(10);
    for (const webhookUrl of [
      "http://10.1.2.3/hook",
      "http://169.254.169.254/latest/meta-data",
      "http://[::1]:8080/hook",
      "http://localhost:9/hook",
      "ftp://127.0.0.1/hook",
      "https://user:pw@example.com/hook",
    ]) {
      const response = await send(stack, "POST", "/v1/monitors", key, {
        ...LISTING,
        schedule: { every: "1h" },
        webhookUrl,
      });
      expect(response.status, webhookUrl).toBe(400);
      expect(response.body.error.code, webhookUrl).toBe("invalid_webhook_url");
      expect(response.body.error.reason, webhookUrl).toEqual(expect.any(String));
    }
  });
});

describe("deliveries", () => {
  test("a receiver failing twice then succeeding gets three attempts with the same webhook-id", async ({
    stack,
    receiver,
    accountWithMonitor,
  }) => {
    const { key, monitor } = await accountWithMonitor("/flaky");
    receiver.script("/flaky", [{ status: 500 }, { status: 500 }, { status: 204 }]);
    const test = await send(stack, "POST", `/v1/monitors/${monitor.id}/test`, key);
    expect(test.status).toBe(202);
    const delivery = await finishedDelivery(stack, key, monitor.id, test.body.data.deliveryId);
    expect(delivery.status).toBe("succeeded");
    expect((delivery.attempts as { statusCode: number }[]).map((a) => a.statusCode)).toEqual([500, 500, 204]);
    const hits = receiver.hits("/flaky");
    expect(hits).toHaveLength(3);
    expect(new Set(hits.map((h) => h.headers["webhook-id"])).size).toBe(1);
    expect(hits.every((h) => h.verified)).toBe(true);
    expect(JSON.parse(hits[0]?.body ?? "{}")).toMatchObject({
      type: "monitor.test",
      monitorId: monitor.id,
      items: [],
    });
  });

  test("410 Gone disables the monitor and removes its schedule", async ({
    stack,
    receiver,
    accountWithMonitor,
  }) => {
    const { key, monitor } = await accountWithMonitor("/gone");
    expect(await stack.gateway.deps.monitors.scheduler.get(monitor.id)).toBeDefined();
    receiver.script("/gone", [{ status: 410 }]);
    const test = await send(stack, "POST", `/v1/monitors/${monitor.id}/test`, key);
    const delivery = await finishedDelivery(stack, key, monitor.id, test.body.data.deliveryId);
    expect(delivery).toMatchObject({ status: "failed", failureReason: "gone" });
    await expect
      .poll(async () => (await stack.get(`/v1/monitors/${monitor.id}`, key)).body.data.status)
      .toBe("disabled");
    expect((await stack.get(`/v1/monitors/${monitor.id}`, key)).body.data).toMatchObject({
      statusReason: "webhook_gone",
      nextRunAt: null,
    });
    expect(await stack.gateway.deps.monitors.scheduler.get(monitor.id)).toBeUndefined();
    // Resuming re-enables it (the caller fixed the receiver) and brings the schedule back.
    const resumed = await send(stack, "PATCH", `/v1/monitors/${monitor.id}`, key, { status: "active" });
    expect(resumed.body.data).toMatchObject({ status: "active", statusReason: null });
    expect(await stack.gateway.deps.monitors.scheduler.get(monitor.id)).toBeDefined();
  });

  test("deliveries failing for 5 days in a row disable the monitor; a failed delivery can be replayed", async ({
    stack,
    receiver,
    accountWithMonitor,
  }) => {
    const { key, monitor } = await accountWithMonitor("/down");
    receiver.script("/down", [{ status: 503 }]);
    const first = await send(stack, "POST", `/v1/monitors/${monitor.id}/test`, key);
    expect((await finishedDelivery(stack, key, monitor.id, first.body.data.deliveryId)).status).toBe(
      "failed",
    );
    // One failed delivery starts the streak; the monitor stays active.
    expect((await stack.get(`/v1/monitors/${monitor.id}`, key)).body.data.status).toBe("active");
    // The streak began 6 days ago: the next failed delivery ends it.
    await stack.prisma.monitor.update({
      where: { id: monitor.id },
      data: { deliveriesFailingSince: new Date(Date.now() - 6 * 86_400_000) },
    });
    const second = await send(stack, "POST", `/v1/monitors/${monitor.id}/test`, key);
    await finishedDelivery(stack, key, monitor.id, second.body.data.deliveryId);
    await expect
      .poll(async () => (await stack.get(`/v1/monitors/${monitor.id}`, key)).body.data.statusReason)
      .toBe("webhook_failing");

    receiver.script("/down", [{ status: 200 }]);
    const replay = await send(
      stack,
      "POST",
      `/v1/monitors/${monitor.id}/deliveries/${first.body.data.deliveryId}/replay`,
      key,
    );
    expect(replay.status).toBe(202);
    expect(replay.body.data).toMatchObject({ deliveryId: first.body.data.deliveryId, attempt: 4 });
    const replayed = await finishedDelivery(stack, key, monitor.id, first.body.data.deliveryId);
    expect(replayed.status).toBe("succeeded");
    const ids = receiver.hits("/down").map((h) => h.headers["webhook-id"]);
    expect(ids.at(-1)).toBe(ids[0]);
    const unknown = await send(stack, "POST", `/v1/monitors/${monitor.id}/deliveries/whd_nope/replay`, key);
    expect(unknown.body.error.code).toBe("webhook_delivery_not_found");
  });

  test("rotate-secret signs the next deliveries with the new secret", async ({
    stack,
    receiver,
    accountWithMonitor,
  }) => {
    const { key, monitor } = await accountWithMonitor("/rotate");
    const rotated = await send(stack, "POST", `/v1/monitors/${monitor.id}/rotate-secret`, key);
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.secret).not.toBe(monitor.secret);
    receiver.state.secret = rotated.body.data.secret;
    const test = await send(stack, "POST", `/v1/monitors/${monitor.id}/test`, key);
    await finishedDelivery(stack, key, monitor.id, test.body.data.deliveryId);
    expect(receiver.hits("/rotate").map((h) => h.verified)).toEqual([true]);
  });
});

describe("out of credits", () => {
  test("a run fails with insufficient_credits and delivers nothing; after 3 such runs the monitor is paused", async ({
    stack,
    receiver,
    accountWithMonitor,
    expectLedgerConsistent,
  }) => {
    const { key, accountId, monitor } = await accountWithMonitor("/broke", {
      credits: 1,
      deliverInitial: true,
    });
    for (let n = 1; n <= 3; n++) {
      const run = await runNow(stack, monitor.id);
      expect(run).toMatchObject({ status: "failed", errorCode: "insufficient_credits", credits: 0 });
      const row = await stack.prisma.requestLog.findUnique({ where: { id: run.requestId } });
      expect(row).toMatchObject({ monitorId: monitor.id, status: 402 });
      expect(await stack.ledger.chargesFor(run.requestId)).toEqual([]);
      const status = (await stack.get(`/v1/monitors/${monitor.id}`, key)).body.data;
      expect(status.status).toBe(n < 3 ? "active" : "paused");
    }
    expect((await stack.get(`/v1/monitors/${monitor.id}`, key)).body.data.statusReason).toBe(
      "insufficient_credits",
    );
    expect(await stack.gateway.deps.monitors.scheduler.get(monitor.id)).toBeUndefined();
    expect(receiver.hits("/broke")).toHaveLength(0);
    expect(await stack.ledger.balance(accountId)).toBe(1);
    await expectLedgerConsistent(accountId);
  });
});

describe("a revoked key", () => {
  test("disables its monitors at their next run, which calls nothing and costs nothing", async ({
    stack,
    accountWithMonitor,
    expectLedgerConsistent,
  }) => {
    const { keyId, accountId, monitor } = await accountWithMonitor("/revoked");
    expect(await stack.ledger.revokeApiKey(keyId)).toBe(true);
    const run = await runNow(stack, monitor.id);
    expect(run).toMatchObject({ status: "failed", errorCode: "revoked_api_key", credits: 0 });
    const stored = await stack.gateway.deps.monitors.store.get(monitor.id);
    expect(stored).toMatchObject({ status: "disabled", statusReason: "api_key_revoked" });
    expect(await stack.gateway.deps.monitors.scheduler.get(monitor.id)).toBeUndefined();
    expect(await stack.ledger.balance(accountId)).toBe(10);
    await expectLedgerConsistent(accountId);
  });
});

describe("history tracking", () => {
  test("POST /v1/history/track creates a details monitor without a webhook; its runs are billed like the call", async ({
    stack,
    account,
    expectLedgerConsistent,
  }) => {
    const { key, accountId } = await account(10);
    const created = await send(stack, "POST", "/v1/history/track", key, {
      url: "https://www.youtube.com/watch?v=M4gD1WSo5mA",
      every: "1h",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      kind: "track",
      operation: "videosite.video-details",
      webhookUrl: null,
      schedule: { every: "1h" },
    });
    expect(created.body.data.secret).toBeUndefined();
    // An interval schedule runs at once (its first iteration), then every interval.
    let run: { status: string; requestId: string } | undefined;
    await expect
      .poll(
        async () => {
          const runs = await stack.get(`/v1/monitors/${created.body.data.id}/runs`, key);
          run = runs.body.data.runs[0];
          return run?.status;
        },
        { timeout: 30_000, interval: 100 },
      )
      .toBe("succeeded");
    if (!run) throw new Error("no run");
    expect(run).toMatchObject({
      status: "succeeded",
      credits: 1,
      itemsSeen: null,
      newItems: null,
      trigger: "schedule",
    });
    expect((await stack.ledger.chargesFor(run.requestId)).map((c) => c.amount)).toEqual([-1]);
    // The run recorded the video's metrics: GET /v1/history reads a point.
    const series = await stack.get("/v1/history", key, {
      url: "https://www.youtube.com/watch?v=M4gD1WSo5mA",
      metrics: "viewCount",
    });
    expect(series.status, JSON.stringify(series.body)).toBe(200);
    expect(series.body.data.series[0].points.length).toBeGreaterThanOrEqual(1);
    const test = await send(stack, "POST", `/v1/monitors/${created.body.data.id}/test`, key);
    expect(test.body.error.code).toBe("monitor_without_webhook");

    const unsupported = await send(stack, "POST", "/v1/history/track", key, {
      url: "https://example.com/",
      every: "1h",
    });
    expect(unsupported.status).toBe(422);
    expect(unsupported.body.error.code).toBe("unsupported_url");
    const tooOften = await send(stack, "POST", "/v1/history/track", key, {
      url: "https://youtu.be/M4gD1WSo5mA",
      every: "10s",
    });
    expect(tooOften.body.error.code).toBe("invalid_schedule");
    // A bare id could be a video, a post shortcode or a username: History's locator refuses to guess.
    const bare = await send(stack, "POST", "/v1/history/track", key, { url: "M4gD1WSo5mA", every: "1h" });
    expect(bare.body.error.code).toBe("ambiguous_url");
    await expectLedgerConsistent(accountId);
  });
});

describe("OpenAPI", () => {
  test("documents the Monitors routes and POST /v1/history/track with their bodies", async ({ stack }) => {
    const doc = (await stack.get("/v1/openapi.json", null)).body;
    expect(doc.paths["/v1/monitors"].post.tags).toEqual(["Monitors"]);
    expect(
      doc.paths["/v1/monitors"].post.requestBody.content["application/json"].schema.properties,
    ).toHaveProperty("webhookUrl");
    expect(Object.keys(doc.paths["/v1/monitors/{monitorId}"]).sort()).toEqual(["delete", "get", "patch"]);
    expect(doc.paths["/v1/monitors/{monitorId}/deliveries/{deliveryId}/replay"].post).toBeDefined();
    expect(doc.paths["/v1/history/track"].post.tags).toEqual(["History"]);
  });
});

describe("money", () => {
  test("leaves every account of this file with ledger sum == balance and no credits held", async ({
    expectLedgerConsistent,
  }) => {
    expect(accounts.length).toBeGreaterThan(5);
    for (const accountId of accounts) await expectLedgerConsistent(accountId);
  });
});
