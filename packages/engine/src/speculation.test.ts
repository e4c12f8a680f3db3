import { newId } from "@sda/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EngineHarness, startEngineHarness } from "../test/harness.ts";
import { HoldWords } from "./hold-words.ts";
import { type CallPlan, type PlanDeps, planCall } from "./plan.ts";
import type { EngineDeps } from "./run-call.ts";
import { runCallJob } from "./runners.ts";
import { SpeculationBudget } from "./speculation.ts";
import { callJobOf, sayHold } from "./submit.ts";

// Speculative enqueue (the gateway adds the job while its reservation runs): the reservation still decides. A refused
// call is never charged, cached nor recorded, and runs nothing; a held one is charged once, also when the gateway's
// word comes late; without a word the worker gives the hold back. After every scenario: ledger sum == balance and
// nothing is left reserved.

let h: EngineHarness;
let deps: EngineDeps;
let plan: PlanDeps;
let words: HoldWords;
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

/** Plan deps that speculate on every call. */
const speculating = (): PlanDeps => ({
  ...plan,
  speculation: Object.assign(new SpeculationBudget(), { admit: () => () => undefined }),
});

/** The gateway's word on the plan's hold (`sayHold`), written `delayMs` late. @returns the credits held. */
async function hold(planned: ReturnType<typeof enqueued>, delayMs = 0): Promise<number> {
  const slow = Object.create(words) as HoldWords;
  slow.say = async (...args) => {
    await new Promise((r) => setTimeout(r, delayMs));
    return words.say(...args);
  };
  return (await sayHold(planned, { holdWords: slow, reservationTtlSeconds: 600 })).credits;
}

function enqueued(planned: CallPlan) {
  if (planned.kind !== "run" || !planned.speculative) throw new Error("expected a speculative enqueue");
  return planned;
}

/** Runs the plan's job as a worker would (its last attempt). */
const runJob = (planned: ReturnType<typeof enqueued>, d: EngineDeps = deps) =>
  runCallJob(callJobOf(planned), d, h.run({ finalAttempt: true }));

describe("speculative enqueue", () => {
  it("held: the job is added alongside the reservation, runs once the word comes, and is charged once", async () => {
    const caller = await account(10);
    const details = h.op("videosite.video-details");
    const planned = enqueued(
      await planCall(details, { url: URL, cache: "true" }, caller, newId("req"), speculating()),
    );
    expect(callJobOf(planned).hold.speculative).toBe(true);
    const [held, result] = await Promise.all([hold(planned, 300), runJob(planned)]);
    expect(held).toBe(1);
    expect(result).toMatchObject({ ok: true, credits: 1, balance: 9 });
    expect(await h.expectSettled(caller.accountId)).toBe(9);
    const parsed = details.params.parse({ url: URL, cache: "true" }) as Record<string, unknown>;
    expect(await deps.cache.get(details, parsed)).not.toBeNull();
  });

  it("refused (402): the worker runs nothing: no upstream request, nothing charged, cached or held; the job answers the 402", async () => {
    const caller = await account(0);
    const details = h.op("videosite.video-details");
    // A video no other test of this file calls, so a cache entry could only come from this call.
    const url = "https://www.youtube.com/watch?v=7PIMiDcwNvc";
    const planned = enqueued(
      await planCall(details, { url, cache: "true" }, caller, newId("req"), speculating()),
    );
    const hits = h.upstreamRequests();
    const [held, result] = await Promise.allSettled([hold(planned), runJob(planned)]);
    expect(h.upstreamRequests()).toBe(hits);
    expect(held).toMatchObject({ status: "rejected", reason: { code: "insufficient_credits" } });
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
    const planned = enqueued(await planCall(details, { url: URL }, caller, newId("req"), speculating()));
    const held = hold(planned, 1000);
    // The reservation is made (its word never comes within the worker's wait).
    await expect.poll(async () => (await deps.ledger.credits(caller.accountId))?.reserved).toBe(1);
    const result = await runJob(planned, { ...deps, holdWordWaitMs: 200 });
    expect(result).toMatchObject({
      ok: false,
      credits: 0,
      error: { code: "service_unavailable", retryable: true },
    });
    expect(await held).toBe(1);
    expect(await h.expectSettled(caller.accountId)).toBe(10);
  });
});
