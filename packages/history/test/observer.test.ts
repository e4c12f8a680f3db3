import { history, registry } from "@sda/catalog";
import { newId } from "@sda/core";
import { type CallSuccess, type EngineDeps, planAndRunCall } from "@sda/engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EngineHarness, startEngineHarness } from "../../engine/test/harness.ts";
import { createHistoryObserver } from "../src/observer.ts";
import { HistoryStore } from "../src/store.ts";

// The engine's observer hook with the History observer, on replayed calls: what is recorded, at the engine's clock,
// and that an observer failure never fails or un-bills a call.

let harness: EngineHarness;
let base: EngineDeps;
let prisma: EngineHarness["prisma"];
let store: HistoryStore;

beforeAll(async () => {
  harness = await startEngineHarness("history", 60);
  ({ deps: base, prisma } = harness);
  store = new HistoryStore(prisma);
});
afterAll(() => harness.close());

async function payloadFor(operationId: string, params: Record<string, unknown>) {
  const account = await base.ledger.createAccount({ name: "history", grant: 5 });
  return { requestId: newId("req"), accountId: account.id, keyId: "key_history", operationId, params };
}

/** Holds and runs the call in the worker as `jobId` (as a monitor run does: the cache unread). */
function executeJob(payload: Awaited<ReturnType<typeof payloadFor>>, jobId: string, deps: EngineDeps) {
  const op = registry.byId(payload.operationId);
  if (!op) throw new Error(`no operation ${payload.operationId}`);
  const principal = { accountId: payload.accountId, keyId: payload.keyId };
  const call = { op, raw: payload.params, principal, requestId: payload.requestId };
  return planAndRunCall(call, deps, harness.run({ jobId }), { readCache: false });
}

async function expectLedgerWhole(accountId: string, balance: number) {
  expect(await base.ledger.balance(accountId)).toBe(balance);
  const rows = await prisma.ledgerEntry.findMany({ where: { accountId }, select: { amount: true } });
  expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe(balance);
  expect((await base.ledger.credits(accountId))?.reserved).toBe(0);
}

describe("the History observer in the engine", () => {
  it("records a settled details call at the engine's clock; every success reaches the observers", async () => {
    const at = new Date("2020-06-01T07:08:09.500Z");
    const seen: CallSuccess[] = [];
    const deps: EngineDeps = {
      ...base,
      now: () => at,
      observers: [
        createHistoryObserver({ store, catalog: history }),
        { onSuccess: (event) => void seen.push(event) },
      ],
    };
    const payload = await payloadFor("forumsite.post-details", { url: "https://redd.it/haucpf" });
    const result = await executeJob(payload, "job_h1", deps);
    expect(result).toMatchObject({ ok: true, credits: 1 });
    if (!result.ok) return;
    const data = result.data as { id: string; score: number | null; numComments: number | null };
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      op: { id: "forumsite.post-details" },
      at,
      requestId: payload.requestId,
      accountId: payload.accountId,
    });
    expect(await store.findResource("forumsite", "post", data.id)).toMatchObject({ id: "haucpf" });
    const series = await store.series({
      platform: "forumsite",
      kind: "post",
      id: "haucpf",
      metrics: ["score", "numComments"],
      from: new Date("2020-06-01T07:08:00Z"),
      to: new Date("2020-06-01T07:09:00Z"),
      interval: "raw",
    });
    for (const [metric, value] of [
      ["score", data.score],
      ["numComments", data.numComments],
    ] as const)
      expect(series.get(metric)).toEqual(
        value === null ? [] : [{ at: new Date("2020-06-01T07:08:00Z"), value }],
      );
    await expectLedgerWhole(payload.accountId, 4);

    const list = await payloadFor("forumsite.post-comments", { url: "haucpf", limit: "5" });
    expect(await executeJob(list, "job_h2", deps)).toMatchObject({ ok: true });
    expect(seen.map((e) => e.op.id)).toEqual(["forumsite.post-details", "forumsite.post-comments"]);
  });

  it("an observer that throws (or rejects) is logged; the call is answered and billed once", async () => {
    const deps: EngineDeps = {
      ...base,
      observers: [
        {
          onSuccess() {
            throw new Error("observer bug");
          },
        },
        { onSuccess: () => Promise.reject(new Error("database down")) },
      ],
    };
    const payload = await payloadFor("forumsite.subreddit-details", { url: "golang" });
    expect(await executeJob(payload, "job_h3", deps)).toMatchObject({ ok: true, credits: 1 });
    await expectLedgerWhole(payload.accountId, 4);
  });

  it("a failed call is not observed", async () => {
    const seen: string[] = [];
    const deps: EngineDeps = { ...base, observers: [{ onSuccess: (e) => void seen.push(e.op.id) }] };
    const payload = await payloadFor("videosite.video-details", {
      url: "https://www.youtube.com/watch?v=8VajtrESJzA",
    });
    expect(await executeJob(payload, "job_h4", deps)).toMatchObject({ ok: false });
    expect(seen).toEqual([]);
    await expectLedgerWhole(payload.accountId, 5);
  });
});
