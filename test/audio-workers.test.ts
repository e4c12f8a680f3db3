import type { ChildProcess } from "node:child_process";
import { readdir } from "node:fs/promises";
import { BlockedRateCircuit } from "@sda/media";
import { syntheticAudioCase } from "@sda/testing";
import { describe, expect } from "vitest";
import { fakeAsrFixture, stackTest } from "./support/fixtures.ts";
import { ledgerSum } from "./support/ledger.ts";
import { replayHitsOn, type Stack, stopWorker } from "./support/stack.ts";

// Audio workers as their own OS processes (WORKER_QUEUES=audio), sharing Redis, the ledger and the replay upstream.
const AUDIO = "/v1/videosite/audio-transcript";
const synth = syntheticAudioCase();
const url = `https://www.youtube.com/watch?v=${synth.videoId}`;
const COOLDOWN_SECONDS = 3;

const test = stackTest
  .extend(
    "asr",
    { scope: "file" },
    fakeAsrFixture({ transcript: synth.transcript, expectedDurationSeconds: synth.formatDurationSeconds }),
  )
  .extend("stackOptions", { scope: "file" }, ({ asr }) => ({
    workers: "none" as const,
    env: {
      ASR_FAST_BASE_URL: asr.baseUrl,
      AUDIO_BLOCKED_COOLDOWN_SECONDS: String(COOLDOWN_SECONDS),
      // One audio source (the ANDROID format URL, circuit `videosite:direct:android`): the probe counts below are
      // about one circuit shared by two processes, not about falling through to the VISIONOS source.
      IDENTITIES_JSON: JSON.stringify({ videosite: { chains: { "audio-transcript": ["android"] } } }),
      JOB_LOCK_MS: "1500",
      REQUEST_DEADLINE_MS: "60000",
    },
  }))
  // A reader of the circuit the workers share (same prefix and name as the operation's).
  .extend(
    "circuit",
    { scope: "file" },
    ({ stack, redis }) =>
      new BlockedRateCircuit(redis, {
        keyPrefix: stack.env.QUEUE_PREFIX ?? "",
        name: "videosite:direct:android",
        cooldownSeconds: COOLDOWN_SECONDS,
        maxWaitSeconds: 0,
        probeTtlMs: 30_000,
      }),
  );

/** A worker process of the audio queue only, with `env` over the stack's. */
function audioWorker(stack: Stack, env: Record<string, string>): ChildProcess {
  return stack.spawnWorker({ WORKER_QUEUES: "audio", ...env });
}

describe("audio workers as separate processes", () => {
  test("a worker killed during the upload leaves temp files that its successor sweeps; the call is billed once", async ({
    stack,
    tempDir,
    asr,
  }) => {
    const { key, accountId } = await stack.account();
    const release = asr.hold();
    const first = audioWorker(stack, { AUDIO_TEMP_DIR: tempDir });
    const call = stack.get(AUDIO, key, { url });
    // The job is in its upload step: its temp dir exists and the provider holds the upload.
    await expect.poll(() => asr.received.length, { timeout: 30_000, interval: 100 }).toBe(1);
    const orphaned = await readdir(tempDir);
    expect(orphaned).toHaveLength(1);
    await stopWorker(first, "SIGKILL");
    expect(await readdir(tempDir)).toEqual(orphaned);
    release();
    const successor = audioWorker(stack, { AUDIO_TEMP_DIR: tempDir });
    const response = await call;
    expect(response.status).toBe(200);
    expect(response.body.data.text).toBe(synth.transcript);
    expect(await readdir(tempDir)).toEqual([]);
    const requestId = response.headers.get("x-service-request-id") ?? "";
    expect(await stack.ledger.chargesFor(requestId)).toHaveLength(1);
    expect(await stack.ledger.balance(accountId)).toBe(96);
    expect(await ledgerSum(stack.ledger, accountId)).toBe(96);
    await stopWorker(successor, "SIGTERM");
  }, 90_000);

  test("one worker's blocked download stops the other's; a waited-out probe reopens it, a successful probe closes it", async ({
    stack,
    tempDir,
    circuit,
  }) => {
    const { key, accountId } = await stack.account();
    const remove = stack.replay.addFault({ when: (r) => r.path === "/videoplayback", status: 429 });
    // Worker A fails fast while the circuit is open.
    const a = audioWorker(stack, { AUDIO_TEMP_DIR: tempDir, AUDIO_CIRCUIT_MAX_WAIT_SECONDS: "0" });
    const blocked = await stack.get(AUDIO, key, { url });
    expect(blocked.status).toBe(502);
    expect(blocked.body.error).toMatchObject({
      reason: "blocked_rate",
      cacheScope: "service",
      blockedRateConsecutive: 1,
      retryAfterSeconds: COOLDOWN_SECONDS,
    });
    const hits = replayHitsOn(stack, "/videoplayback");
    const fastFail = await stack.get(AUDIO, key, { url });
    expect(fastFail.body.error).toMatchObject({ reason: "blocked_rate", circuit: "open" });
    expect(replayHitsOn(stack, "/videoplayback")).toBe(hits);
    await stopWorker(a, "SIGTERM");

    // Worker B, another process, waits out the cooldown A opened, probes, and is blocked again: counter 2.
    const b = audioWorker(stack, { AUDIO_TEMP_DIR: tempDir, AUDIO_CIRCUIT_MAX_WAIT_SECONDS: "10" });
    const probeBlocked = await stack.get(AUDIO, key, { url });
    expect(probeBlocked.body.error).toMatchObject({ reason: "blocked_rate", blockedRateConsecutive: 2 });
    expect(replayHitsOn(stack, "/videoplayback")).toBe(hits + 1);
    expect(await circuit.read()).toMatchObject({ state: "open", blockedRateConsecutive: 2 });

    // The host serves again: B waits out the cooldown, its probe succeeds and closes the circuit.
    remove();
    const served = await stack.get(AUDIO, key, { url });
    expect(served.status).toBe(200);
    expect(await circuit.read()).toEqual({ state: "closed", remainingMs: 0, blockedRateConsecutive: 0 });
    expect(await stack.ledger.balance(accountId)).toBe(96);
    expect(await readdir(tempDir)).toEqual([]);
    await stopWorker(b, "SIGTERM");
  }, 90_000);
});
