import type { RunningGateway } from "@sda/gateway";
import { describe, expect, onTestFinished } from "vitest";
import { stackTest } from "./support/fixtures.ts";
import { ledgerSum } from "./support/ledger.ts";
import { type ApiResponse, type Stack, startStackGateway } from "./support/stack.ts";

// Regression suite for "refused calls run anyway" (issue 21, #2): 300 parallel calls on one key got 23 × 429, and all
// 23 jobs ran their upstream fetches: a speculative job was added before the key's rate limit (or the reservation)
// had answered, and the worker ran the handler before it read the gateway's word. Since issue 32 a call is enqueued
// only once its hold is made (speculative enqueue removed), so a refused call has no job. A refused call must make
// no upstream request: every request the replay answers belongs to a call that was served.
//
// A second gateway makes the refusals certain: it spends the key's rate (or the account's balance) in Redis and
// PostgreSQL behind the back of the first, which still believes the key has calls (and credits) left (it once took
// the speculative way for them), so the refusals come from the shared stores, not from what the first one saw.

const RATE = 50;
const test = stackTest.extend(
  "stackOptions",
  { scope: "file" },
  { env: { RATE_LIMIT_PER_SECOND: String(RATE) } },
);

const DETAILS = "/v1/videosite/video-details";
const VIDEO = { url: "https://www.youtube.com/watch?v=M4gD1WSo5mA" };

/** GET `path` on `gateway` with the key. */
async function getOn(gateway: RunningGateway, path: string, key: string, query: Record<string, string>) {
  const url = new URL(path, gateway.url);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
  return { status: response.status, body: (await response.json()) as ApiResponse["body"] };
}

/** Upstream requests one call of {@link VIDEO} makes, measured by a call that also shows the gateway the balance. */
async function warm(stack: Stack, key: string): Promise<number> {
  const before = stack.replay.hits.length;
  expect((await stack.get(DETAILS, key, VIDEO)).status).toBe(200);
  return stack.replay.hits.length - before;
}

/** Waits until the stack's videosite queue holds no unfinished job (a refused call's job ends without running). */
async function drained(stack: Stack) {
  const queue = stack.gateway.deps.bridge.queue("videosite");
  await expect.poll(() => queue.getJobCountByTypes("waiting", "active", "prioritized", "delayed")).toBe(0);
}

describe("no work for a refused call", () => {
  test("calls refused 429 (the key's rate spent through another gateway) make no upstream request", async ({
    stack,
  }) => {
    const other = await startStackGateway(stack);
    onTestFinished(() => other.close());
    const { key, accountId } = await stack.account(1000);
    const perCall = await warm(stack, key);
    expect(perCall).toBeGreaterThan(0);
    const start = stack.replay.hits.length;
    // The key's window is one second: on a loaded machine the spending and the burst can straddle two windows, and
    // then nothing is refused. Such an attempt proves nothing and is made again with a new key (its served calls are
    // counted like the others: every upstream request must still belong to a served call).
    let served = 0;
    let limited = 0;
    for (let attempt = 0; attempt < 5 && limited === 0; attempt++) {
      // A new key of the account: its window starts with the other gateway's calls below, not with the warm-up.
      const second = (await stack.ledger.createApiKey(accountId)).secret;
      // The other gateway spends the key's calls of this second (invalid parameters count too, and run nothing)…
      const spent = await Promise.all(Array.from({ length: RATE }, () => getOn(other, DETAILS, second, {})));
      expect(spent.filter((r) => r.status === 400)).toHaveLength(RATE);
      // …then this one, which has seen no sign of it, gets a burst.
      const answers = await Promise.all(Array.from({ length: 20 }, () => stack.get(DETAILS, second, VIDEO)));
      const servedNow = answers.filter((r) => r.status === 200).length;
      const limitedNow = answers.filter((r) => r.status === 429).length;
      expect(servedNow + limitedNow).toBe(20);
      served += servedNow;
      limited += limitedNow;
    }
    expect(limited).toBeGreaterThan(0);
    await drained(stack);
    expect(stack.replay.hits.length - start).toBe(served * perCall);
    expect(await stack.ledger.balance(accountId)).toBe(1000 - 1 - served);
    expect(await ledgerSum(stack.ledger, accountId)).toBe(1000 - 1 - served);
    expect((await stack.ledger.credits(accountId))?.reserved).toBe(0);
  });

  test("calls refused 402 (the balance spent through another gateway) make no upstream request", async ({
    stack,
  }) => {
    const other = await startStackGateway(stack);
    onTestFinished(() => other.close());
    const { key, accountId } = await stack.account(21);
    // This gateway sees 20 credits left…
    const perCall = await warm(stack, key);
    // …the other spends them.
    for (let i = 0; i < 20; i++) expect((await getOn(other, DETAILS, key, VIDEO)).status).toBe(200);
    const start = stack.replay.hits.length;
    const answers = await Promise.all(Array.from({ length: 10 }, () => stack.get(DETAILS, key, VIDEO)));
    for (const r of answers) expect(r.body.error).toMatchObject({ code: "insufficient_credits" });
    await drained(stack);
    expect(stack.replay.hits.length - start).toBe(0);
    expect(perCall).toBeGreaterThan(0);
    expect(await stack.ledger.balance(accountId)).toBe(0);
    expect(await ledgerSum(stack.ledger, accountId)).toBe(0);
    expect((await stack.ledger.credits(accountId))?.reserved).toBe(0);
  });
});
