import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { expectLedgerReconciled } from "@sda/testing";
import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";
import { holdReplies, replayHitsOn, type Stack } from "./support/stack.ts";
import { usageOf } from "./support/usage.ts";

// Issue 21 #5: a gateway SIGKILLed in the middle of calls. Its callers lose their connections; the workers finish
// the jobs that reached them. Afterwards every charge shows in its owner's usage (the charge is the billing record:
// usage lists a charge whose request-log row died with the gateway's buffer), and each caller's retry with its Idempotency-Key on another gateway gets its call's answer with
// no second charge (billed before the kill: the stored answer; never enqueued or refused: run once now).
const test = stackTest.extend(
  "stackOptions",
  { scope: "file" },
  {
    env: { REQUEST_DEADLINE_MS: "60000", REQUEST_LOG_FLUSH_MS: "600000" },
    replayFaults: [holdReplies("/api/timedtext", 1500)],
  },
);

const TRANSCRIPT = "/v1/videosite/transcript";
const VIDEO = "https://www.youtube.com/watch?v=M4gD1WSo5mA";
const CALLS = 8;

/** A free TCP port on 127.0.0.1. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A gateway of the stack's service as its own OS process (from source), ready to answer. */
async function spawnGateway(stack: Stack): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const main = path.resolve(import.meta.dirname, "../apps/gateway/src/main.ts");
  const child = spawn(process.execPath, ["--import", "tsx", main], {
    env: { ...process.env, ...stack.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  await expect
    .poll(
      () =>
        fetch(`${url}/healthz`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 30_000, interval: 100 },
    )
    .toBe(200);
  return { child, url };
}

describe("gateway SIGKILL mid-calls", () => {
  test("every charge shows in its owner's usage; retries with the keys get the answers without a second charge", async ({
    stack,
  }) => {
    const { key, accountId } = await stack.account(100);
    const gateway = await spawnGateway(stack);
    const exited = new Promise((resolve) => gateway.child.once("exit", resolve));
    const keys = Array.from({ length: CALLS }, (_, i) => `sigkill-${i}`);
    const calls = keys.map((k) =>
      fetch(`${gateway.url}${TRANSCRIPT}?url=${encodeURIComponent(VIDEO)}`, {
        headers: { authorization: `Bearer ${key}`, "idempotency-key": k },
      }).then(
        (r) => r.status,
        () => "broken" as const,
      ),
    );
    // Killed once the upstream is asked for captions: jobs are certainly running in the workers.
    await expect
      .poll(() => replayHitsOn(stack, "/api/timedtext"), { timeout: 30_000, interval: 20 })
      .toBeGreaterThan(0);
    gateway.child.kill("SIGKILL");
    await exited;
    const seen = await Promise.all(calls);
    expect(seen).toContain("broken");

    // The workers finish what reached them (held replies answer after 1.5 s).
    const queue = stack.gateway.deps.bridge.queue("videosite");
    await expect
      .poll(async () => (await queue.getActiveCount()) + (await queue.getWaitingCount()), { timeout: 60_000 })
      .toBe(0);
    const charges = await stack.prisma.ledgerEntry.findMany({ where: { accountId, kind: "charge" } });
    expect(charges.length).toBeGreaterThan(0);
    // Nothing billed is invisible to its owner, although the dead gateway's buffer (its rows) was lost.
    const usage = await usageOf(stack, key);
    expect(
      charges.map((c) => {
        const row = usage.get(c.requestId ?? "");
        return [c.requestId, row?.credits, row?.status, row?.operation];
      }),
    ).toEqual(charges.map((c) => [c.requestId, -c.amount, 200, c.operation]));
    await expectLedgerReconciled(stack.prisma, [accountId]);

    // Each caller retries with its key on a live gateway: every call answered, each billed exactly once.
    const retries = await Promise.all(
      keys.map((k) => stack.get(TRANSCRIPT, key, { url: VIDEO }, { "Idempotency-Key": k })),
    );
    expect(retries.map((r) => r.status)).toEqual(keys.map(() => 200));
    const replayed = retries.filter((r) => r.headers.get("idempotent-replayed") === "true");
    expect(replayed.length).toBeGreaterThanOrEqual(charges.length);
    const after = await stack.prisma.ledgerEntry.findMany({ where: { accountId, kind: "charge" } });
    expect(after).toHaveLength(CALLS);
    expect(await stack.ledger.balance(accountId)).toBe(100 - CALLS);
    await expectLedgerReconciled(stack.prisma, [accountId]);
    // A second round of retries: all stored now, nothing more charged.
    const again = await Promise.all(
      keys.map((k) => stack.get(TRANSCRIPT, key, { url: VIDEO }, { "Idempotency-Key": k })),
    );
    expect(again.every((r) => r.status === 200 && r.headers.get("idempotent-replayed") === "true")).toBe(
      true,
    );
    expect(await stack.ledger.balance(accountId)).toBe(100 - CALLS);
  }, 120_000);
});
