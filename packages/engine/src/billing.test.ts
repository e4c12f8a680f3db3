import { parseParams } from "@sda/contract";
import { newId, ServiceError } from "@sda/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EngineHarness, startEngineHarness } from "../test/harness.ts";
import { type CallPlan, holdFor, type PlanDeps, planCall } from "./plan.ts";
import { type EngineDeps, runCall } from "./run-call.ts";

// One call's money from end to end without HTTP: planCall (gateway) → runCall (worker), for a miss, a hit, an
// empty result, a failure and the audio transcript's raised hold. After every scenario the account is consistent:
// ledger sum == balance and no hold is left behind.

let h: EngineHarness;
let deps: EngineDeps;
let plan: PlanDeps;
let prisma: EngineHarness["prisma"];

beforeAll(async () => {
  h = await startEngineHarness("billing", 60);
  ({ deps, plan, prisma } = h);
});
afterAll(() => h.close());

const op = (id: string) => h.op(id);

async function account(credits: number) {
  const created = await deps.ledger.createAccount({ name: "billing", grant: credits });
  return { accountId: created.id, keyId: "key_billing" };
}

/** Runs the enqueued half of a plan as the worker would. */
async function run(planned: CallPlan) {
  if (planned.kind !== "run") throw new Error("expected an enqueued call");
  return runCall(planned.call, planned.reservation, deps, h.run({ finalAttempt: true }));
}

describe("one call's money: plan → run", () => {
  it("miss: holds the maximum price while it runs, charges the actual price, then releases the hold", async () => {
    const caller = await account(10);
    const details = op("videosite.video-details");
    const planned = await planCall(
      details,
      { url: "https://youtu.be/M4gD1WSo5mA" },
      caller,
      newId("req"),
      plan,
    );
    expect(planned.kind).toBe("run");
    expect((await deps.ledger.credits(caller.accountId))?.reserved).toBe(1);
    const result = await run(planned);
    expect(result).toMatchObject({ ok: true, credits: 1, balance: 9, cache: "BYPASS" });
    expect(await h.expectSettled(caller.accountId)).toBe(9);
  });

  it("per-page list: holds ceil(limit / page) pages, charges the pages returned", async () => {
    const caller = await account(100);
    const comments = op("forumsite.post-comments");
    const raw = { url: "https://www.reddit.com/comments/so0808", limit: "100" };
    const params = { limit: 100 };
    const planned = await planCall(comments, raw, caller, newId("req"), plan);
    expect((await deps.ledger.credits(caller.accountId))?.reserved).toBe(holdFor(comments, params));
    // The recorded post has no comments: an empty result costs 0 and gives the whole hold back.
    const result = await run(planned);
    expect(result).toMatchObject({ ok: true, credits: 0 });
    expect(await h.expectSettled(caller.accountId)).toBe(100);
  });

  it("hit: a result paid by one call is served to a later cache=true call for 0 credits, at any balance", async () => {
    const payer = await account(1);
    const raw = { url: "https://youtu.be/X4VbdwhkE10", cache: "true" };
    const details = op("videosite.video-details");
    const paid = await run(await planCall(details, raw, payer, newId("req"), plan));
    expect(paid).toMatchObject({ ok: true, credits: 1, cache: "MISS" });
    const broke = await account(0);
    const hit = await planCall(details, raw, broke, newId("req"), plan);
    expect(hit).toMatchObject({ kind: "answer", answer: { credits: 0, cache: "HIT" } });
    if (hit.kind === "answer" && paid.ok) expect(hit.answer.data).toEqual(paid.data);
    expect(await h.expectSettled(payer.accountId)).toBe(0);
    expect(await h.expectSettled(broke.accountId)).toBe(0);
  });

  it("402 before anything runs when the available balance cannot cover the hold; nothing is held", async () => {
    const caller = await account(1);
    const other = planCall(
      op("videosite.video-details"),
      { url: "https://youtu.be/M4gD1WSo5mA" },
      caller,
      newId("req"),
      plan,
    );
    const held = await other; // takes the only credit
    const refused = await planCall(
      op("videosite.video-details"),
      { url: "https://youtu.be/kX3nB4PpJko" },
      caller,
      newId("req"),
      plan,
    ).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: "insufficient_credits", details: { availableCredits: 0 } });
    await run(held);
    expect(await h.expectSettled(caller.accountId)).toBe(0);
  });

  it("a platform failure charges nothing and releases the hold", async () => {
    const caller = await account(5);
    const planned = await planCall(
      op("videosite.video-details"),
      { url: "https://youtu.be/8VajtrESJzA" },
      caller,
      newId("req"),
      plan,
    );
    const result = await run(planned);
    expect(result).toMatchObject({ ok: false, credits: 0, error: { code: "video_unavailable" } });
    expect(await h.expectSettled(caller.accountId)).toBe(5);
  });

  it("audio transcript: the gateway holds 1 credit; the worker's requireCredits raises the hold or answers 402", async () => {
    const audio = op("videosite.audio-transcript");
    expect(holdFor(audio, {})).toBe(1);
    const caller = await account(3);
    const requestId = newId("req");
    const planned = await planCall(audio, { url: "https://youtu.be/M4gD1WSo5mA" }, caller, requestId, plan);
    expect((await deps.ledger.credits(caller.accountId))?.reserved).toBe(1);
    // The duration-based estimate of this video is above 3 credits: the raise is refused, the call answers 402.
    const result = await run(planned);
    expect(result).toMatchObject({ ok: false, error: { code: "insufficient_credits" } });
    expect(await h.expectSettled(caller.accountId)).toBe(3);
  });

  it("a hold swept before the job ran and a balance spent meanwhile: 402, not billed, and the result is not cached", async () => {
    const caller = await account(1);
    const details = op("videosite.video-details");
    const raw = { url: "https://youtu.be/ud9d5cMDP_0" };
    const planned = await planCall(details, raw, caller, newId("req"), plan);
    if (planned.kind !== "run") throw new Error("expected a miss");
    // The job sat in a queue past its hold's expiry (or was lost with Redis and re-added): the sweeper released it,
    // and another call took the credit.
    await prisma.creditReservation.updateMany({
      where: { requestId: planned.call.requestId },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await deps.ledger.sweepExpired();
    const other = await planCall(
      details,
      { url: "https://youtu.be/rCAS2eD-mcw" },
      caller,
      newId("req"),
      plan,
    );
    const result = await run(planned);
    expect(result).toMatchObject({ ok: false, credits: 0, error: { code: "insufficient_credits" } });
    expect(
      await deps.cache.get(details, parseParams(details.params, raw) as Record<string, unknown>),
    ).toBeNull();
    await run(other);
    expect(await h.expectSettled(caller.accountId)).toBe(0);
  });

  it("a refused admission run alongside the plan (the rate limit) wins, and leaves nothing held nor charged", async () => {
    const caller = await account(1);
    const details = op("videosite.video-details");
    const limited = new ServiceError("rate_limited", "over the limit", { retryAfterSeconds: 1 });
    // Refused after the reservation went through: the hold is given back before the refusal is thrown.
    const late = new Promise<void>((_, reject) => setTimeout(() => reject(limited), 50));
    const refused = (admission: Promise<unknown>, raw: Record<string, unknown>) =>
      planCall(details, raw, caller, newId("req"), { ...plan, admission }).catch((e: unknown) => e);
    expect(await refused(late, { url: "https://youtu.be/M4gD1WSo5mA" })).toBe(limited);
    expect(await h.expectSettled(caller.accountId)).toBe(1);
    // Also over invalid parameters and over a 402, as when the limit was checked before the plan.
    expect(await refused(Promise.reject(limited), { url: "not a url" })).toBe(limited);
    const held = await planCall(details, { url: "https://youtu.be/M4gD1WSo5mA" }, caller, newId("req"), plan);
    expect(await refused(Promise.reject(limited), { url: "https://youtu.be/kX3nB4PpJko" })).toBe(limited);
    expect(await refused(Promise.resolve(), { url: "https://youtu.be/kX3nB4PpJko" })).toMatchObject({
      code: "insufficient_credits",
    });
    await run(held);
    expect(await h.expectSettled(caller.accountId)).toBe(0);
  });
});
