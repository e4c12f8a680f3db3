import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerSum } from "./support/ledger.ts";
import { type Stack, startStack } from "./support/stack.ts";

// Workers run as their own OS processes here, so one can be killed with SIGKILL in the middle of a job.
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ workers: "none", env: { JOB_LOCK_MS: "1500", REQUEST_DEADLINE_MS: "60000" } });
});
afterAll(() => stack.close());

describe("a worker killed mid-job", () => {
  it("the job is re-run by another worker and the call is billed exactly once", async () => {
    const { key, accountId } = await stack.account();
    const first = stack.spawnWorker();
    // Hold the caption body so the job is certainly in flight when the worker dies.
    const release = stack.replay.addFault({ when: (r) => r.path === "/api/timedtext", delayMs: 2500 });
    const call = stack.get("/v1/videosite/transcript", key, {
      url: "https://www.youtube.com/watch?v=ud9d5cMDP_0",
    });
    await expect
      .poll(
        () => stack.replay.hits.some((h) => h.path === "/api/timedtext" || h.path === "/youtubei/v1/player"),
        {
          timeout: 20_000,
          interval: 50,
        },
      )
      .toBe(true);
    first.kill("SIGKILL");
    await new Promise((r) => first.once("exit", r));
    release();
    stack.spawnWorker();
    const response = await call;
    expect(response.status).toBe(200);
    expect(response.body.data.returnedLanguage).toBe("de");
    const requestId = response.headers.get("x-service-request-id") ?? "";
    expect(await stack.ledger.chargesFor(requestId)).toHaveLength(1);
    expect(await stack.ledger.balance(accountId)).toBe(99);
    expect(await ledgerSum(stack.ledger, accountId)).toBe(99);
  }, 60_000);
});
