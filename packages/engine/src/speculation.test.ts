import { newId } from "@sda/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EngineDeps, executeJob } from "./execute.ts";
import { HoldWords } from "./hold-words.ts";
import { type CallPlan, type PlanDeps, planCall } from "./plan.ts";
import { type EngineHarness, startEngineHarness } from "./test-harness.ts";

// Speculative enqueue (the gateway adds the job while its reservation runs): the reservation still decides. A refused
// call is never charged, cached nor recorded, whatever the worker did meanwhile; a held one is charged once, also
// when the gateway's word comes after the handler; without a word the worker gives the hold back. After every
// scenario: ledger sum == balance and nothing is left reserved.

let h: EngineHarness;
let deps: EngineDeps;
let plan: PlanDeps;
let words: HoldWords;
const signal = new AbortController().signal;
const URL = "https://youtu.be/M4gD1WSo5mA";

beforeAll(async () => {
  h = await startEngineHarness("speculate", 60);
  ({ deps, plan } = h);
  words = new HoldWords(deps.redis, deps.keyPrefix);
});
afterAll(() => h.close());

async function account(credits: number) {
  const created = await deps.ledger.createAccount({ name: "speculate", grant: credits });
  return { accountId: created.id, keyId: "key_speculate" };
}

/** Plan deps that speculate on every call, with the gateway's word delayed by `delayMs`. */
function speculating(delayMs = 0): PlanDeps {
  const slow = Object.create(words) as HoldWords;
  slow.say = async (...args) => {
    await new Promise((r) => setTimeout(r, delayMs));
    return words.say(...args);
  };
  return { ...plan, speculation: { words: slow, allow: () => true } };
}

function enqueued(planned: CallPlan) {
  if (planned.kind !== "enqueue" || !planned.hold) throw new Error("expected a speculative enqueue");
  return planned as CallPlan & { kind: "enqueue"; hold: Promise<number> };
}

describe("speculative enqueue", () => {
  it("held: the job runs alongside the reservation and is charged once, even when the word comes after the handler", async () => {
    const caller = await account(10);
    const details = h.op("videosite.video-details");
    const planned = enqueued(
      await planCall(details, { url: URL, cache: "true" }, caller, newId("req"), speculating(300)),
    );
    expect(planned.payload.speculative).toBe(true);
    const [held, result] = await Promise.all([
      planned.hold,
      executeJob(planned.payload, newId("job"), deps, signal, { finalAttempt: true }),
    ]);
    expect(held).toBe(1);
    expect(result).toMatchObject({ ok: true, credits: 1, balance: 9 });
    expect(await h.expectSettled(caller.accountId)).toBe(9);
    const parsed = details.params.parse({ url: URL, cache: "true" }) as Record<string, unknown>;
    expect(await deps.cache.get(details, parsed)).not.toBeNull();
  });

  it("refused (402): the worker discards its result: nothing charged, cached or held; the job answers the 402", async () => {
    const caller = await account(0);
    const details = h.op("videosite.video-details");
    // A video no other test of this file calls, so a cache entry could only come from this call.
    const url = "https://www.youtube.com/watch?v=7PIMiDcwNvc";
    const planned = enqueued(
      await planCall(details, { url, cache: "true" }, caller, newId("req"), speculating()),
    );
    const [hold, result] = await Promise.allSettled([
      planned.hold,
      executeJob(planned.payload, newId("job"), deps, signal, { finalAttempt: true }),
    ]);
    expect(hold).toMatchObject({ status: "rejected", reason: { code: "insufficient_credits" } });
    expect(result).toMatchObject({
      status: "fulfilled",
      value: { ok: false, credits: 0, error: { code: "insufficient_credits" } },
    });
    expect(await h.expectSettled(caller.accountId)).toBe(0);
    const parsed = details.params.parse({ url, cache: "true" }) as Record<string, unknown>;
    expect(await deps.cache.get(details, parsed)).toBeNull();
  });

  it("no word from the gateway: the worker releases the hold and fails the call as retryable, unbilled", async () => {
    const caller = await account(10);
    const details = h.op("videosite.video-details");
    const planned = enqueued(await planCall(details, { url: URL }, caller, newId("req"), speculating(1000)));
    // The reservation is made (its word never comes within the worker's wait).
    await expect.poll(async () => (await deps.ledger.credits(caller.accountId))?.reserved).toBe(1);
    const result = await executeJob(planned.payload, newId("job"), { ...deps, holdWordWaitMs: 200 }, signal, {
      finalAttempt: true,
    });
    expect(result).toMatchObject({
      ok: false,
      credits: 0,
      error: { code: "service_unavailable", retryable: true },
    });
    expect(await planned.hold).toBe(1);
    expect(await h.expectSettled(caller.accountId)).toBe(10);
  });
});
