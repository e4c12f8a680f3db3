import { MonitorStore } from "@sda/monitors";
import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";
import { send } from "./support/stack.ts";

// The plan's monitor limit (PLAN_MAX_MONITORS), shown by GET /v1/account, is the one monitor creation enforces.

const test = stackTest.extend(
  "stackOptions",
  { scope: "file" },
  { workers: "none", env: { PLAN_MAX_MONITORS: "1" } },
);

describe("monitor limit of the plan", () => {
  test("the second monitor of an account at PLAN_MAX_MONITORS=1 is 409 monitor_limit_reached; /v1/account shows 1", async ({
    stack,
  }) => {
    const { key } = await stack.account(10);
    const account = await stack.get("/v1/account", key);
    expect(account.body.data.plan.maxMonitors).toBe(1);
    const first = await send(stack, "POST", "/v1/history/track", key, {
      url: "https://www.youtube.com/watch?v=M4gD1WSo5mA",
      every: "1h",
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await send(stack, "POST", "/v1/history/track", key, {
      url: "https://youtu.be/ud9d5cMDP_0",
      every: "1h",
    });
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({
      code: "monitor_limit_reached",
      retryable: false,
      maxMonitors: 1,
    });
    // Another account has its own room.
    const other = await stack.account(10);
    const elsewhere = await send(stack, "POST", "/v1/history/track", other.key, {
      url: "https://youtu.be/ud9d5cMDP_0",
      every: "1h",
    });
    expect(elsewhere.status).toBe(201);
  });

  test("eight creations racing for the last place: exactly one 201, seven 409", async ({ stack }) => {
    const { key } = await stack.account(10);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        send(stack, "POST", "/v1/history/track", key, {
          url: `https://youtu.be/${i % 2 ? "ud9d5cMDP_0" : "M4gD1WSo5mA"}`,
          every: "1h",
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const list = await stack.get("/v1/monitors", key);
    expect(list.body.data.totalReturned).toBe(1);
  });

  test("the store's insert is race-free: eight concurrent inserts past the up-front check, one stored", async ({
    stack,
  }) => {
    const { accountId, keyId } = await stack.account(10);
    const store = new MonitorStore(stack.prisma, `race_${accountId}`);
    const full = () => new Error("full");
    const inserts = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        store.create(
          {
            accountId,
            keyId,
            kind: "track",
            operation: "videosite.video-details",
            path: "/v1/videosite/video-details",
            params: { url: "https://youtu.be/M4gD1WSo5mA" },
            schedule: { everySeconds: 3600 },
            webhookUrl: null,
            secret: null,
            description: null,
            deliverInitial: false,
          },
          { max: 1, full },
        ),
      ),
    );
    expect(inserts.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(
      inserts.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason.message),
    ).toEqual(Array(7).fill("full"));
    expect(await store.countOf(accountId)).toBe(1);
  });
});
