import { Ledger } from "@sda/ledger";
import { expectLedgerReconciled } from "@sda/testing";
import { describe, expect, onTestFinished } from "vitest";
import { postgresProxyTest } from "./support/postgres-proxy.ts";
import { type ApiResponse, requestIdOf } from "./support/stack.ts";

// Fault suite: the gateway and the workers reach PostgreSQL through a TCP proxy this test owns; the proxy is stopped
// for 10 s (every connection through it cut, new ones refused) while calls keep coming, then started again. The
// assertions read the database directly, not through the proxy.
const OUTAGE_MS = 10_000;
const TRANSCRIPT = "/v1/videosite/transcript";
const VIDEO = { url: "https://www.youtube.com/watch?v=M4gD1WSo5mA" };

const test = postgresProxyTest({ REQUEST_DEADLINE_MS: "30000" });

describe("PostgreSQL unreachable for 10 s", () => {
  test("no call succeeds without its ledger entry: 200s are charged once, the others are 503 and not charged", async ({
    stack,
    direct,
    proxy,
  }) => {
    const ledger = new Ledger(direct);
    const { key, accountId } = await stack.account(100);
    const warm = await stack.get(TRANSCRIPT, key, VIDEO);
    expect(warm.status).toBe(200);

    await proxy.stop();
    // Started again even when the test fails during the outage, so the stack can close.
    onTestFinished(() => proxy.start().catch(() => undefined));
    const during: Promise<ApiResponse>[] = [];
    for (let second = 0; second < OUTAGE_MS / 1000; second++) {
      during.push(stack.get(TRANSCRIPT, key, VIDEO));
      await new Promise((r) => setTimeout(r, 1000));
    }
    await proxy.start();
    const answered = await Promise.all(during);
    const after = [];
    for (let i = 0; i < 5; i++) after.push(await stack.get(TRANSCRIPT, key, VIDEO));

    for (const r of answered) {
      expect([200, 503], JSON.stringify(r.body).slice(0, 300)).toContain(r.status);
      if (r.status === 503)
        expect(r.body.error).toMatchObject({ code: "service_unavailable", retryable: true });
    }
    // The calls of the first half of the outage exhaust their job's attempts (3, within ~2 s) while it lasts.
    expect(answered.slice(0, 5).map((r) => r.status)).toEqual([503, 503, 503, 503, 503]);
    expect(after.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const all = [warm, ...answered, ...after];
    for (const r of all)
      expect(await ledger.chargesFor(requestIdOf(r)), `${r.status} ${requestIdOf(r)}`).toHaveLength(
        r.status === 200 ? 1 : 0,
      );
    const served = all.filter((r) => r.status === 200).length;
    expect(await ledger.balance(accountId)).toBe(100 - served);
    await expectLedgerReconciled(direct, [accountId]);

    // The request log kept the rows buffered during the outage: every billed call has its row.
    await stack.gateway.deps.requestLog.flush();
    const billed = all.filter((r) => r.status === 200).map(requestIdOf);
    expect(await direct.requestLog.count({ where: { id: { in: billed } } })).toBe(billed.length);
  }, 120_000);
});
