import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { test } from "vitest";
import { type FakeAsrServer, startFakeAsr } from "../../packages/media/test/fake-asr.ts";
import { startReceiver } from "../../packages/webhooks/test/receiver.ts";
import { type StackOptions, startStack } from "./stack.ts";

/** The signing secret of the `receiver` fixture (a test may set `receiver.state.secret` to a monitor's own). */
export const RECEIVER_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

/** Env letting a stack's webhooks reach the local `receiver` (http, and 127.0.0.1 on the SSRF allowlist). */
export const LOCAL_WEBHOOKS_ENV = { WEBHOOK_ALLOW_HTTP: "true", WEBHOOK_ALLOWED_HOSTS: "127.0.0.1" } as const;

/**
 * A vitest `test` with a whole service for the test file, instead of copied `beforeAll`/`afterAll` blocks. Every
 * fixture is file-scoped (set up once, on first use, torn down after the file's last test, in reverse order):
 * - `stackOptions`: how the stack is started (`StackOptions`, default `{}`: recorded corpus, in-process workers); a
 *   file that needs others overrides it once, at its top:
 *   `const test = stackTest.extend("stackOptions", { scope: "file" }, { workers: "none", env: { … } })`, or with a
 *   function of other fixtures (`({ tempDir }) => ({ env: { AUDIO_TEMP_DIR: tempDir } })`);
 * - `stack`: replay upstream, gateway on a free port and workers on `stackOptions` (`startStack`), closed after the
 *   file (its Redis keys deleted);
 * - `tempDir`: a fresh temporary directory, removed after the file;
 * - `redis`: a connection to the stack's Redis (`stack.env.REDIS_URL`), disconnected after the file;
 * - `receiver`: a local webhook receiver verifying signatures with `RECEIVER_SECRET`.
 *
 * One stack per file: vitest keys file-scoped fixtures by name, so a file needing two differently configured stacks
 * is two files.
 *
 * ```ts
 * stackTest("answers 200", async ({ stack }) => { const { key } = await stack.account(10); … });
 * ```
 */
export const stackTest = test
  .extend("stackOptions", { scope: "file" }, (): StackOptions => ({}))
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this destructuring
  .extend("tempDir", { scope: "file" }, async ({}, { onCleanup }) => {
    const dir = await mkdtemp(path.join(tmpdir(), "sda-test-"));
    onCleanup(() => rm(dir, { recursive: true, force: true }));
    return dir;
  })
  .extend("stack", { scope: "file" }, async ({ stackOptions }, { onCleanup }) => {
    const stack = await startStack(stackOptions);
    onCleanup(() => stack.close());
    return stack;
  })
  .extend("redis", { scope: "file" }, ({ stack }, { onCleanup }) => {
    const redis = new Redis(stack.env.REDIS_URL ?? "");
    onCleanup(() => redis.disconnect());
    return redis;
  })
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this destructuring
  .extend("receiver", { scope: "file" }, async ({}, { onCleanup }) => {
    const receiver = await startReceiver(RECEIVER_SECRET);
    onCleanup(() => receiver.close());
    return receiver;
  });

/**
 * A file fixture of a fake ASR provider (`startFakeAsr(options)`), closed after the file:
 * `stackTest.extend("asr", { scope: "file" }, fakeAsrFixture({ transcript }))`.
 */
export function fakeAsrFixture(options: Parameters<typeof startFakeAsr>[0]) {
  return async (
    // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this destructuring
    {},
    { onCleanup }: { onCleanup: (cleanup: () => Promise<void>) => void },
  ): Promise<FakeAsrServer> => {
    const asr = await startFakeAsr(options);
    onCleanup(() => asr.close());
    return asr;
  };
}
