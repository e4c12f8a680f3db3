import type { ChildProcess } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { BlockedRateCircuit } from "@sda/media";
import { type FakeAsrServer, startFakeAsr, syntheticAudioCase } from "@sda/testing";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerSum } from "./support/ledger.ts";
import { type Stack, startStack } from "./support/stack.ts";

// Audio workers as their own OS processes (WORKER_QUEUES=audio), sharing Redis, the ledger and the replay upstream.
const AUDIO = "/v1/videosite/audio-transcript";
const synth = syntheticAudioCase();
const url = `https://www.youtube.com/watch?v=${synth.videoId}`;
const COOLDOWN_SECONDS = 3;

let stack: Stack;
let asr: FakeAsrServer;
let redis: Redis;
let circuit: BlockedRateCircuit;
const tempDirs: string[] = [];

beforeAll(async () => {
  asr = await startFakeAsr({
    transcript: synth.transcript,
    expectedDurationSeconds: synth.formatDurationSeconds,
  });
  stack = await startStack({
    workers: "none",
    env: {
      ASR_FAST_BASE_URL: asr.baseUrl,
      AUDIO_BLOCKED_COOLDOWN_SECONDS: String(COOLDOWN_SECONDS),
      // One audio source (the ANDROID format URL, circuit `videosite:direct:android`): the probe counts below are
      // about one circuit shared by two processes, not about falling through to the VISIONOS source.
      IDENTITIES_JSON: JSON.stringify({ videosite: { chains: { "audio-transcript": ["android"] } } }),
      JOB_LOCK_MS: "1500",
      REQUEST_DEADLINE_MS: "60000",
    },
  });
  redis = new Redis(stack.env.REDIS_URL ?? "");
  // A reader of the circuit the workers share (same prefix and name as the operation's).
  circuit = new BlockedRateCircuit(redis, {
    keyPrefix: stack.env.QUEUE_PREFIX ?? "",
    name: "videosite:direct:android",
    cooldownSeconds: COOLDOWN_SECONDS,
    maxWaitSeconds: 0,
    probeTtlMs: 30_000,
  });
});
afterAll(async () => {
  await stack.close();
  await asr.close();
  redis.disconnect();
  for (const dir of tempDirs) await rm(dir, { recursive: true, force: true });
});

async function tempRoot(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "audio-worker-"));
  tempDirs.push(dir);
  return dir;
}

function audioWorker(env: Record<string, string>): ChildProcess {
  return stack.spawnWorker({ WORKER_QUEUES: "audio", ...env });
}

async function stop(worker: ChildProcess, signal: NodeJS.Signals) {
  const exited = new Promise((resolve) => worker.once("exit", resolve));
  worker.kill(signal);
  await exited;
}

const videoplaybackHits = () => stack.replay.hits.filter((h) => h.path === "/videoplayback").length;

describe("audio workers as separate processes", () => {
  it("a worker killed during the upload leaves temp files that its successor sweeps; the call is billed once", async () => {
    const root = await tempRoot();
    const { key, accountId } = await stack.account();
    const release = asr.hold();
    const first = audioWorker({ AUDIO_TEMP_DIR: root });
    const call = stack.get(AUDIO, key, { url });
    // The job is in its upload step: its temp dir exists and the provider holds the upload.
    await expect.poll(() => asr.received.length, { timeout: 30_000, interval: 100 }).toBe(1);
    const orphaned = await readdir(root);
    expect(orphaned).toHaveLength(1);
    await stop(first, "SIGKILL");
    expect(await readdir(root)).toEqual(orphaned);
    release();
    const successor = audioWorker({ AUDIO_TEMP_DIR: root });
    const response = await call;
    expect(response.status).toBe(200);
    expect(response.body.data.text).toBe(synth.transcript);
    expect(await readdir(root)).toEqual([]);
    const requestId = response.headers.get("x-service-request-id") ?? "";
    expect(await stack.ledger.chargesFor(requestId)).toHaveLength(1);
    expect(await stack.ledger.balance(accountId)).toBe(96);
    expect(await ledgerSum(stack.ledger, accountId)).toBe(96);
    await stop(successor, "SIGTERM");
  }, 90_000);

  it("one worker's blocked download stops the other's; a waited-out probe reopens it, a successful probe closes it", async () => {
    const root = await tempRoot();
    const { key, accountId } = await stack.account();
    const remove = stack.replay.addFault({ when: (r) => r.path === "/videoplayback", status: 429 });
    // Worker A fails fast while the circuit is open.
    const a = audioWorker({ AUDIO_TEMP_DIR: root, AUDIO_CIRCUIT_MAX_WAIT_SECONDS: "0" });
    const blocked = await stack.get(AUDIO, key, { url });
    expect(blocked.status).toBe(502);
    expect(blocked.body.error).toMatchObject({
      reason: "blocked_rate",
      cacheScope: "service",
      blockedRateConsecutive: 1,
      retryAfterSeconds: COOLDOWN_SECONDS,
    });
    const hits = videoplaybackHits();
    const fastFail = await stack.get(AUDIO, key, { url });
    expect(fastFail.body.error).toMatchObject({ reason: "blocked_rate", circuit: "open" });
    expect(videoplaybackHits()).toBe(hits);
    await stop(a, "SIGTERM");

    // Worker B, another process, waits out the cooldown A opened, probes, and is blocked again: counter 2.
    const b = audioWorker({ AUDIO_TEMP_DIR: root, AUDIO_CIRCUIT_MAX_WAIT_SECONDS: "10" });
    const probeBlocked = await stack.get(AUDIO, key, { url });
    expect(probeBlocked.body.error).toMatchObject({ reason: "blocked_rate", blockedRateConsecutive: 2 });
    expect(videoplaybackHits()).toBe(hits + 1);
    expect(await circuit.read()).toMatchObject({ state: "open", blockedRateConsecutive: 2 });

    // The host serves again: B waits out the cooldown, its probe succeeds and closes the circuit.
    remove();
    const served = await stack.get(AUDIO, key, { url });
    expect(served.status).toBe(200);
    expect(await circuit.read()).toEqual({ state: "closed", remainingMs: 0, blockedRateConsecutive: 0 });
    expect(await stack.ledger.balance(accountId)).toBe(96);
    expect(await readdir(root)).toEqual([]);
    await stop(b, "SIGTERM");
  }, 90_000);
});
