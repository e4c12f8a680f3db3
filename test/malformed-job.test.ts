import { ReleaseRetrier, Reservation } from "@sda/engine";
import { loadServiceEnv } from "@sda/services/env";
import {
  capturingLogger,
  expectLedgerReconciled,
  expectMalformedJobsRefused,
  testLogger,
} from "@sda/testing";
import { startWorkers, workerEnv } from "@sda/worker";
import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";

// A job whose data is none of the engine's job kinds (an older build's flag bag, an unknown kind, a field of the wrong
// type) is refused at the worker boundary: logged, failed as unrecoverable after one attempt, never run (no upstream
// request), and no credit moves — the hold its request id names stays exactly as it was. Webhook attempts and canary
// jobs are refused the same way (packages/webhooks/test/malformed-attempt.test.ts, apps/worker/src/canary.test.ts).

const test = stackTest.extend("stackOptions", { scope: "file" }, { workers: "none" });

describe("a malformed job in a platform queue", () => {
  test("is failed unrecoverable with a log line, never run, and moves no credit", async ({ stack }) => {
    const { log, lines } = capturingLogger("worker");
    const workers = await startWorkers(loadServiceEnv(stack.env, [workerEnv]), log);
    try {
      const { accountId, keyId } = await stack.account(10);
      const requestId = "req_malformedJob0001";
      const key = { requestId, accountId, operation: "videosite.video-details" };
      const releases = new ReleaseRetrier(stack.ledger, testLogger());
      const deps = { ledger: stack.ledger, releases, reservationTtlSeconds: 600 };
      const reservation = await Reservation.hold(key, 2, deps);
      const call = {
        requestId,
        accountId,
        keyId,
        operationId: "videosite.video-details",
        params: { url: { id: "M4gD1WSo5mA" } },
        enqueuedAt: Date.now(),
      };
      const malformed = {
        // The flag bag jobs were before they had kinds.
        legacy: { ...call, cacheRequested: false, reservedCredits: 2, speculative: false },
        unknownKind: {
          ...call,
          kind: "refund",
          cacheRequested: false,
          hold: { credits: 2 },
        },
        wrongType: {
          ...call,
          kind: "call",
          cacheRequested: false,
          hold: { credits: "2" },
        },
        strangerField: {
          ...call,
          kind: "call",
          cacheRequested: false,
          hold: { credits: 2 },
          mode: "x",
        },
        // A speculative job of a gateway from before issue 32 (its hold maybe never made): refused, never run.
        speculativeHold: {
          ...call,
          kind: "call",
          cacheRequested: false,
          hold: { credits: 2, speculative: true },
        },
      };
      const queue = stack.gateway.deps.bridge.queue("videosite");
      const hits = stack.replay.hits.length;
      await expectMalformedJobsRefused(queue, "videosite.video-details", malformed, lines, "job_");
      expect(stack.replay.hits.length).toBe(hits);
      expect(await stack.ledger.credits(accountId)).toEqual({ balance: 10, reserved: 2, available: 8 });
      await reservation.release();
      await releases.close();
      expect((await stack.ledger.credits(accountId))?.reserved).toBe(0);
      await expectLedgerReconciled(stack.prisma, [accountId]);
    } finally {
      await workers.close(1000);
    }
  });
});
