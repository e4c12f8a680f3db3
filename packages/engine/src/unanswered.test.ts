import type { FenceResult, Ledger } from "@sda/ledger";
import { describe, expect, it } from "vitest";
import { ReleaseRetrier } from "./releases.ts";
import { Reservation } from "./reservation.ts";
import { answerUnanswered } from "./unanswered.ts";

// The gateway's words on a call whose outcome it could not learn (issue 34 #1): "not billed" only once fenced.
const key = {
  requestId: "req_unanswered1",
  accountId: "acct_unanswered1",
  operation: "videosite.transcript",
};
const silent = { info: () => undefined, warn: () => undefined } as unknown as ConstructorParameters<
  typeof ReleaseRetrier
>[1];

function reservation(released: string[]) {
  const release = async (id: string) => {
    released.push(id);
    return 1;
  };
  const ledger = { release } as unknown as Ledger;
  return Reservation.of(key, 1, {
    ledger,
    releases: new ReleaseRetrier(ledger, silent),
    reservationTtlSeconds: 60,
  });
}
const lost = new Error("Connection is closed.");
const charged: FenceResult = {
  fenced: false,
  entry: {
    id: "led_x",
    accountId: key.accountId,
    kind: "charge",
    amount: -1,
    balanceAfter: 9,
    requestId: key.requestId,
    operation: key.operation,
    note: null,
    channel: "rest",
    calledAt: new Date(0),
    createdAt: new Date(0),
  },
};

describe("answerUnanswered", () => {
  it("fenced: the store's error is the answer (not billed), and no second release runs", async () => {
    const released: string[] = [];
    const fence = async () => ({ fenced: true }) as const;
    await expect(
      answerUnanswered(reservation(released), "job_a", { kind: "error", error: lost }, fence),
    ).rejects.toBe(lost);
    expect(released).toEqual([]);
  });

  it("charged before the fence: the job's handle (202), never an error", async () => {
    const released: string[] = [];
    const outcome = await answerUnanswered(
      reservation(released),
      "job_b",
      { kind: "error", error: lost },
      async () => charged,
    );
    expect(outcome).toEqual({ state: "pending", jobId: "job_b", status: "running" });
  });

  it("the fence cannot run (PostgreSQL away too): the handle, the hold released (retried)", async () => {
    const released: string[] = [];
    const fence = async (): Promise<FenceResult> => {
      throw new Error("connect ECONNREFUSED");
    };
    const result = {
      ok: false,
      credits: 0,
      unanswered: true,
      error: { code: "service_unavailable" },
    } as never;
    const outcome = await answerUnanswered(reservation(released), "job_c", { kind: "result", result }, fence);
    expect(outcome).toEqual({ state: "pending", jobId: "job_c", status: "running" });
    expect(released).toEqual([key.requestId]);
  });

  it("a job gone after its charge: a 503 that names the charge, never 'not billed'", async () => {
    const result = {
      ok: false,
      credits: 0,
      unanswered: true,
      error: { code: "service_unavailable" },
    } as never;
    const outcome = await answerUnanswered(
      reservation([]),
      "job_e",
      { kind: "result", result },
      async () => charged,
    );
    expect(outcome).toMatchObject({
      state: "finished",
      result: { ok: false, error: { code: "service_unavailable" } },
    });
    const message = outcome.state === "finished" && !outcome.result.ok ? outcome.result.error.message : "";
    expect(message).toContain("billed 1 credit (request");
    expect(message).not.toContain("not billed");
  });

  it("a failed result that was fenced is answered as it came", async () => {
    const result = {
      ok: false,
      credits: 0,
      unanswered: true,
      error: { code: "service_unavailable" },
    } as never;
    const outcome = await answerUnanswered(
      reservation([]),
      "job_d",
      { kind: "result", result },
      async () => ({
        fenced: true,
      }),
    );
    expect(outcome).toEqual({ state: "finished", jobId: "job_d", result });
  });
});
