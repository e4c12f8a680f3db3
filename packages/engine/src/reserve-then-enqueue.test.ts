import { newId } from "@sda/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EngineHarness, startEngineHarness } from "../test/harness.ts";
import type { CallJob } from "./jobs.ts";
import { type PlanDeps, planCall } from "./plan.ts";
import type { EngineDeps } from "./run-call.ts";
import { runCallJob } from "./runners.ts";
import { type CallBridge, submitCall } from "./submit.ts";

// Reserve, then enqueue (issue 32: speculative enqueue removed): the gateway adds a call's job only once its hold is
// made, so a refused call has no job at all — it makes no upstream request and is never charged, cached nor held —
// and a held one runs and is charged once. The bridge here runs each added job at once as a worker would (its last
// attempt) and records what the ledger held at the moment of the add. After every scenario: ledger sum == balance
// and nothing is left reserved.

let h: EngineHarness;
let deps: EngineDeps;
let plan: PlanDeps;
const URL = "https://youtu.be/M4gD1WSo5mA";

beforeAll(async () => {
  h = await startEngineHarness("reserve_first", 60);
  ({ deps, plan } = h);
});
afterAll(() => h.close());

async function account(credits: number) {
  const created = await deps.ledger.createAccount({ name: "reserve-first", grant: credits });
  return { accountId: created.id, keyId: "key_reserve_first" };
}

/** A job the bridge was given, with the account's reserved credits when it was added. */
interface Added {
  job: CallJob;
  reservedAtAdd: number | undefined;
}

/** A bridge that runs every added job at once in this process (a worker's last attempt) and records the adds. */
function runningBridge(added: Added[]): CallBridge {
  return {
    async submit(
      _queue: string,
      _name: string,
      job: CallJob,
      _deadlineMs: number,
      options: { jobId: string },
    ) {
      added.push({ job, reservedAtAdd: (await deps.ledger.credits(job.accountId))?.reserved });
      const result = await runCallJob(job, deps, h.run({ jobId: options.jobId, finalAttempt: true }));
      return { state: "finished", jobId: options.jobId, result };
    },
  } as unknown as CallBridge;
}

describe("reserve, then enqueue", () => {
  it("held: the job is added only once the hold is made, runs, and is charged once", async () => {
    const caller = await account(10);
    const details = h.op("videosite.video-details");
    const added: Added[] = [];
    const planned = await planCall(details, { url: URL, cache: "true" }, caller, newId("req"), plan);
    expect(planned.kind).toBe("run");
    const outcome = await submitCall(planned, { bridge: runningBridge(added), deadlineMs: 20_000 });
    expect(added).toHaveLength(1);
    expect(added[0]?.reservedAtAdd).toBe(1);
    expect(added[0]?.job.hold).toEqual({ credits: 1 });
    expect(outcome).toMatchObject({ state: "finished", result: { ok: true, credits: 1, balance: 9 } });
    expect(await h.expectSettled(caller.accountId)).toBe(9);
    expect(await deps.ledger.chargesFor(planned.call.requestId)).toHaveLength(1);
    const parsed = details.params.parse({ url: URL, cache: "true" }) as Record<string, unknown>;
    expect(await deps.cache.get(details, parsed)).not.toBeNull();
  });

  it("refused (402): no job is added: no upstream request, nothing charged, cached or held", async () => {
    const caller = await account(0);
    const details = h.op("videosite.video-details");
    // A video no other test of this file calls, so a cache entry could only come from this call.
    const url = "https://www.youtube.com/watch?v=7PIMiDcwNvc";
    const hits = h.upstreamRequests();
    const refused = await planCall(details, { url, cache: "true" }, caller, newId("req"), plan).catch(
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ code: "insufficient_credits" });
    // The plan threw before there was anything to submit: no job can exist for this call.
    expect(h.upstreamRequests()).toBe(hits);
    expect(await h.expectSettled(caller.accountId)).toBe(0);
    const parsed = details.params.parse({ url, cache: "true" }) as Record<string, unknown>;
    expect(await deps.cache.get(details, parsed)).toBeNull();
  });

  it("parallel calls on a balance that covers k of them: exactly k jobs are added, k charged, the rest 402 with no job", async () => {
    const caller = await account(3);
    const details = h.op("videosite.video-details");
    const added: Added[] = [];
    const bridge = runningBridge(added);
    const answers = await Promise.allSettled(
      Array.from({ length: 8 }, async (_, i) => {
        const planned = await planCall(
          details,
          { url: `https://www.youtube.com/watch?v=M4gD1WSo5mA&t=${i + 1}s` },
          caller,
          newId("req"),
          plan,
        );
        return submitCall(planned, { bridge, deadlineMs: 20_000 });
      }),
    );
    expect(answers.filter((a) => a.status === "fulfilled")).toHaveLength(3);
    for (const a of answers.filter((a) => a.status === "rejected"))
      expect(a.reason).toMatchObject({ code: "insufficient_credits" });
    expect(added).toHaveLength(3);
    for (const a of added) expect(a.reservedAtAdd).toBeGreaterThanOrEqual(1);
    expect(await h.expectSettled(caller.accountId)).toBe(0);
  });
});
