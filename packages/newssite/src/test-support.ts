import type { OperationContext, Platform } from "@sda/core";
import { entryBody, type HarEntry, type ReplayServer, recordedCase } from "@sda/replay";
import { testContext, testLogger } from "@sda/testing";
import { createHttpClient } from "@sda/upstream";

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
export function newsContext(replay: ReplayServer): OperationContext {
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
export async function closeNewsContext(ctx: OperationContext): Promise<void> {
  ctx.redis.disconnect();
  await (ctx.http as { close?: () => Promise<void> }).close?.();
}
