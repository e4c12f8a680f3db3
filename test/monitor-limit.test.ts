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
});
