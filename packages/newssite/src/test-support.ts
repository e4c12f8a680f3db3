import type { OperationContext, Platform } from "@sda/core";
import { entryBody, type HarEntry, type ReplayServer, recordedCase } from "@sda/replay";
import { startReplay, testContext, testLogger } from "@sda/testing";
import { createHttpClient } from "@sda/upstream";
import { test } from "vitest";

/**
 * Test support (imported by `*.test.ts` only): the recorded newssite cases read straight from the HAR files, and an
 * operation context whose HTTP client sends newssite to the replay.
 */

/** The entries of a newssite case. */
export function newsEntries(caseId: string): HarEntry[] {
  return recordedCase("newssite", caseId);
}

/** The recorded answer of entry `index` of a case, parsed as JSON. */
export function recordedJson(caseId: string, index = 0): unknown {
  const entry = newsEntries(caseId)[index];
  if (!entry) throw new Error(`${caseId} has no entry ${index}`);
  return JSON.parse(entryBody(entry).toString("utf8"));
}

/**
 * A handler context on the replay. `testContext` routes only the platforms core knows today; until the catalog
 * drives the test helpers (issue 10 §1), newssite's origin is added here (the cast: `Platform` lacks "newssite").
 * Close it with {@link closeNewsContext}.
 */
function newsContext(replay: ReplayServer): OperationContext {
  const base = testContext(replay);
  const http = createHttpClient({
    origins: { newssite: replay.origin } as Partial<Record<Platform, string>>,
    timeoutMs: 10_000,
    userAgent: "sda-test",
    log: testLogger(),
  });
  return { ...base, http };
}

/** Releases the Redis connection and the HTTP pools of {@link newsContext}. */
async function closeNewsContext(ctx: OperationContext): Promise<void> {
  ctx.redis.disconnect();
  await (ctx.http as { close?: () => Promise<void> }).close?.();
}

/**
 * The test API with the replay fixtures of a newssite test file: `replayDirs` (default: the recorded corpus; a file
 * may extend it with test-only cases), `replay` (started once per file) and `ctx` (a handler context on it, see
 * {@link newsContext}). Replaces the copied `beforeAll`/`afterAll` blocks until `@sda/testing` offers `replayTest`.
 */
export const newsTest = test
  .extend("replayDirs", { scope: "file" }, (): readonly string[] | undefined => undefined)
  .extend("replay", { scope: "file" }, async ({ replayDirs }, { onCleanup }) => {
    const replay = await startReplay(replayDirs);
    onCleanup(() => replay.close());
    return replay;
  })
  .extend("ctx", { scope: "file" }, async ({ replay }, { onCleanup }) => {
    const ctx = newsContext(replay);
    onCleanup(() => closeNewsContext(ctx));
    return ctx;
  });

/** Firebase's answer for a missing item or user (HTTP 200, body `null`, as recorded in item-not-found-null). */
export function answerNullAt(replay: ReplayServer, path: string): () => void {
  return replay.addFault({
    when: (r) => r.path === path,
    status: 200,
    body: "null",
    headers: { "content-type": "application/json" },
  });
}
