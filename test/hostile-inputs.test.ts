import { describe, expect } from "vitest";
import { LOCAL_WEBHOOKS_ENV, stackTest } from "./support/fixtures.ts";
import { ledgerSum } from "./support/ledger.ts";
import { send } from "./support/stack.ts";

// Issue 21 #4 and #9: the probe's reproductions, each answered 500 `internal_error` (or accepted) before. Every one must
// be a 4xx naming what is wrong, with nothing stored or billed. No worker runs.
const test = stackTest.extend(
  "stackOptions",
  { scope: "file" },
  { workers: "none", env: { ...LOCAL_WEBHOOKS_ENV, REQUEST_DEADLINE_MS: "50" } },
);

const LISTING = { path: "/v1/forumsite/subreddit-posts", params: { url: "popular" } };
const ONE_CALL = { path: "/v1/videosite/video-details", params: { url: "https://youtu.be/M4gD1WSo5mA" } };

describe("hostile input is a 4xx, never a 500", () => {
  test("a monitor id that is no monitor id (a NUL) is 404 on every monitor route", async ({ stack }) => {
    const { key } = await stack.account();
    for (const [method, path] of [
      ["GET", "/v1/monitors/%00"],
      ["PATCH", "/v1/monitors/%00"],
      ["DELETE", "/v1/monitors/%00"],
      ["POST", "/v1/monitors/%00/rotate-secret"],
      ["GET", "/v1/monitors/%00/runs"],
      ["GET", "/v1/monitors/%00/deliveries"],
      ["POST", "/v1/monitors/%00/deliveries/%00/replay"],
      ["POST", "/v1/monitors/%00/test"],
      ["GET", "/v1/monitors/mon_%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00"],
    ] as const) {
      const r = await send(stack, method, path, key, method === "PATCH" ? { description: "x" } : undefined);
      expect([method, path, r.status, r.body.error?.code]).toEqual([method, path, 404, "monitor_not_found"]);
    }
  });

  test("a NUL or a lone UTF-16 surrogate in a stored text is 400 invalid_parameter naming the field; nothing is stored", async ({
    stack,
    receiver,
  }) => {
    const { key, accountId } = await stack.account();
    const monitor = {
      ...LISTING,
      schedule: { every: "1d" },
      webhookUrl: receiver.url("/hooks/nul"),
    };
    for (const [path, body, param] of [
      ["/v1/monitors", { ...monitor, description: "a\u0000b" }, "description"],
      ["/v1/monitors", { ...monitor, params: { url: "popular\u0000" } }, "params.url"],
      ["/v1/history/track", { url: "https://www.youtube.com/watch?v=M4gD1WSo5mA\u0000", every: "1d" }, "url"],
      ["/v1/batch", { calls: [ONE_CALL], label: "nul\u0000label" }, "label"],
      [
        "/v1/batch",
        { calls: [{ ...ONE_CALL, params: { ...ONE_CALL.params, extra: "\u0000" } }] },
        "calls[0].params.extra",
      ],
      // A lone surrogate (a JSON "\ud800" escape) is no Unicode text: refused like NUL.
      ["/v1/monitors", { ...monitor, description: "a\ud800b" }, "description"],
      ["/v1/monitors", { ...monitor, params: { url: "popular\udc00" } }, "params.url"],
      ["/v1/history/track", { url: "https://www.youtube.com/watch?v=M4gD1WSo5mA\udbff", every: "1d" }, "url"],
      ["/v1/batch", { calls: [ONE_CALL], label: "lone \ud83d" }, "label"],
      [
        "/v1/batch",
        { calls: [{ ...ONE_CALL, params: { ...ONE_CALL.params, "k\udfff": "1" } }] },
        "calls[0].params",
      ],
    ] as const) {
      const r = await send(stack, "POST", path, key, body);
      expect([path, r.status, r.body.error?.code, r.body.error?.param]).toEqual([
        path,
        400,
        "invalid_parameter",
        param,
      ]);
    }
    expect(await stack.prisma.monitor.count({ where: { accountId } })).toBe(0);
    expect(await stack.prisma.batch.count({ where: { accountId } })).toBe(0);
  });

  test("extreme dates (year 0, 275760, negative years, past JavaScript's range) are a 200 or a 400, never a 500", async ({
    stack,
  }) => {
    const { key } = await stack.account();
    const video = "https://www.youtube.com/watch?v=M4gD1WSo5mA";
    for (const date of [
      "0000-01-01",
      "0000-01-01T00:00:00Z",
      "-000001-12-31T23:59:59Z",
      "-271821-04-20T00:00:00.000Z",
      "275760-09-13",
      "+275760-09-13T00:00:00.000Z",
      "+275760-09-13T00:00:00.001Z",
      "9999-12-31",
    ])
      for (const [path, query] of [
        ["/v1/account/usage", { from: date }],
        ["/v1/account/usage", { to: date }],
        ["/v1/history", { url: video, from: date }],
        ["/v1/history", { url: video, to: date }],
      ] as const) {
        const r = await stack.get(path, key, query);
        expect([path, date, r.status < 500], JSON.stringify(r.body)).toEqual([path, date, true]);
        if (r.status >= 400)
          expect(r.body.error.code, `${path} ${date}`).toMatch(/^invalid_|parameter_out_of_range/);
      }
  });

  test("a batch body nested 5,000 levels is 400 before it is hashed", async ({ stack }) => {
    const { key } = await stack.account();
    const r = await send(stack, "POST", "/v1/batch", key, `{"calls":${"[".repeat(5000)}${"]".repeat(5000)}}`);
    expect([r.status, r.body.error?.code, r.body.error?.param]).toEqual([400, "invalid_parameter", "calls"]);
  });

  test("a 21–25 digit photosite id is 400 on every operation that reads a post, and in utilities and history", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account();
    for (const id of ["1".repeat(21), "9".repeat(25)]) {
      for (const op of ["details", "comments", "embed", "transcript", "summarize"]) {
        const r = await stack.get(`/v1/photosite/${op}`, key, { url: id });
        expect([op, r.status, r.body.error?.code]).toEqual([op, 400, "invalid_parameter"]);
      }
      const resolve = await stack.get("/v1/utilities/resolve", key, { url: id });
      expect(resolve.status).toBeLessThan(500);
      const estimate = await stack.get("/v1/utilities/estimate", key, {
        path: "/v1/photosite/details",
        url: id,
      });
      expect(estimate.status).toBeLessThan(500);
      const history = await stack.get("/v1/history", key, { url: `https://www.instagram.com/p/${id}/` });
      expect(history.status).toBeLessThan(500);
    }
    expect(await ledgerSum(stack.ledger, accountId)).toBe(100);
    expect(await stack.ledger.balance(accountId)).toBe(100);
  });

  test('"every": "1000000d" is 400 invalid_schedule on create, update and track', async ({
    stack,
    receiver,
  }) => {
    const { key } = await stack.account();
    const created = await send(stack, "POST", "/v1/monitors", key, {
      ...LISTING,
      schedule: { every: "1000000d" },
      webhookUrl: receiver.url("/hooks/every"),
    });
    expect([created.status, created.body.error?.code]).toEqual([400, "invalid_schedule"]);
    const track = await send(stack, "POST", "/v1/history/track", key, {
      url: "https://www.youtube.com/watch?v=M4gD1WSo5mA",
      every: "1000000d",
    });
    expect([track.status, track.body.error?.code]).toEqual([400, "invalid_schedule"]);
    const monitor = await send(stack, "POST", "/v1/monitors", key, {
      ...LISTING,
      schedule: { every: "1d" },
      webhookUrl: receiver.url("/hooks/every"),
    });
    expect(monitor.status).toBe(201);
    const patched = await send(stack, "PATCH", `/v1/monitors/${monitor.body.data.id}`, key, {
      schedule: { every: "9999999d" },
    });
    expect([patched.status, patched.body.error?.code]).toEqual([400, "invalid_schedule"]);
  });
});

describe("issue 21 #9: the smaller refusals", () => {
  test("GET /v1/account?foo=1 is 400 like the other account routes", async ({ stack }) => {
    const { key } = await stack.account();
    const r = await stack.get("/v1/account", key, { foo: "1" });
    const ledger = await stack.get("/v1/account/ledger", key, { foo: "1" });
    expect([r.status, r.body.error?.code]).toEqual([400, "invalid_parameter"]);
    expect([r.body.error.param, r.body.error.message]).toEqual([
      ledger.body.error.param,
      ledger.body.error.message,
    ]);
    expect((await stack.get("/v1/account", key)).status).toBe(200);
  });

  test("a batch item with an unknown field is refused by index and field", async ({ stack }) => {
    const { key } = await stack.account();
    const r = await send(stack, "POST", "/v1/batch", key, {
      calls: [ONE_CALL, { ...ONE_CALL, param: { x: 1 } }],
    });
    expect([r.status, r.body.error?.code]).toEqual([400, "invalid_batch_item"]);
    expect(r.body.error.items).toEqual([
      {
        index: 1,
        code: "invalid_parameter",
        param: "param",
        message: "unknown field `param`; a call has path and params",
      },
    ]);
  });
});
