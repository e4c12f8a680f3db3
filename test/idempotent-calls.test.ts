import { expectLedgerReconciled } from "@sda/testing";
import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";
import { holdReplies, requestIdOf } from "./support/stack.ts";
import { usageOf } from "./support/usage.ts";

// Issue 21 #5: `Idempotency-Key` on direct calls (as on POST /v1/batch): a retry gets the first answer again, with
// `Idempotent-Replayed: true` and no second charge; another request with the key is 422; concurrent duplicates run
// once. Money is checked after every scenario (ledger sum = balance).
const test = stackTest.extend(
  "stackOptions",
  { scope: "file" },
  { env: { REQUEST_DEADLINE_MS: "20000" }, replayFaults: [holdReplies("/api/timedtext", 600)] },
);

const TRANSCRIPT = "/v1/videosite/transcript";
const VIDEO = { url: "https://www.youtube.com/watch?v=M4gD1WSo5mA" };
const idem = (key: string) => ({ "Idempotency-Key": key });

describe("Idempotency-Key on direct calls", () => {
  test("a retry with the same key: the same answer, Idempotent-Replayed, one charge", async ({ stack }) => {
    const { key, accountId } = await stack.account(10);
    const first = await stack.get(TRANSCRIPT, key, VIDEO, idem("retry-1"));
    expect(first.status).toBe(200);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const again = await stack.get(TRANSCRIPT, key, VIDEO, idem("retry-1"));
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("x-service-credits")).toBe(first.headers.get("x-service-credits"));
    expect(await stack.ledger.chargesFor(requestIdOf(first))).toHaveLength(1);
    expect(await stack.ledger.chargesFor(requestIdOf(again))).toHaveLength(0);
    expect(await stack.ledger.balance(accountId)).toBe(9);
    // Usage shows the replay with 0 credits; the charge is the first call's.
    const usage = await usageOf(stack, key);
    const rows = [requestIdOf(first), requestIdOf(again)].map((id) => usage.get(id));
    expect(rows.map((r) => [r?.requestId, r?.credits]).sort()).toEqual(
      [
        [requestIdOf(first), 1],
        [requestIdOf(again), 0],
      ].sort(),
    );
    // The key is the caller's, per API key: another key of the same account runs its own call.
    const other = await stack.ledger.createApiKey(accountId);
    const theirs = await stack.get(TRANSCRIPT, other.secret, VIDEO, idem("retry-1"));
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
    expect(await stack.ledger.balance(accountId)).toBe(8);
    await expectLedgerReconciled(stack.prisma, [accountId]);
  });

  test("another request with the same key is 422 idempotency_key_reused, uncharged; a bad key is 400", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account(10);
    const first = await stack.get(TRANSCRIPT, key, VIDEO, idem("reused"));
    expect(first.status).toBe(200);
    const other = await stack.get(TRANSCRIPT, key, { ...VIDEO, language: "de" }, idem("reused"));
    expect(other.status).toBe(422);
    expect(other.body.error).toMatchObject({ code: "idempotency_key_reused", retryable: false });
    const tooLong = await stack.get(TRANSCRIPT, key, VIDEO, idem("k".repeat(256)));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toMatchObject({
      code: "invalid_parameter",
      param: "Idempotency-Key",
    });
    expect(await stack.ledger.balance(accountId)).toBe(9);
    await expectLedgerReconciled(stack.prisma, [accountId]);
  });

  test("concurrent duplicates run once: one charge, every caller the same answer", async ({ stack }) => {
    const { key, accountId } = await stack.account(10);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => stack.get(TRANSCRIPT, key, VIDEO, idem("together"))),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers.filter((a) => a.headers.get("idempotent-replayed") === "true")).toHaveLength(3);
    for (const a of answers) expect(a.body).toEqual(answers[0]?.body);
    expect(await stack.ledger.balance(accountId)).toBe(9);
    await expectLedgerReconciled(stack.prisma, [accountId]);
  });

  test("an error answer (never billed) is not kept: the retry runs the call again", async ({ stack }) => {
    const { key, accountId } = await stack.account(10);
    const gone = { url: "https://youtu.be/8VajtrESJzA" };
    const first = await stack.get(TRANSCRIPT, key, gone, idem("gone"));
    expect(first.status).toBe(404);
    const again = await stack.get(TRANSCRIPT, key, gone, idem("gone"));
    expect(again.status).toBe(404);
    expect(again.headers.get("idempotent-replayed")).toBeNull();
    expect(await stack.ledger.balance(accountId)).toBe(10);
    await expectLedgerReconciled(stack.prisma, [accountId]);
  });

  test("a refused call frees its key: 402 first, then the same key runs once credits are there", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account(0);
    const refused = await stack.get(TRANSCRIPT, key, VIDEO, idem("after-402"));
    expect(refused.status).toBe(402);
    await stack.ledger.grant(accountId, 5);
    const paid = await stack.get(TRANSCRIPT, key, VIDEO, idem("after-402"));
    expect(paid.status).toBe(200);
    expect(paid.headers.get("idempotent-replayed")).toBeNull();
    expect(await stack.ledger.balance(accountId)).toBe(4);
    await expectLedgerReconciled(stack.prisma, [accountId]);
  });
});
