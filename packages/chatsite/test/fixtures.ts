import path from "node:path";
import { type OperationContext, parseParams } from "@sda/contract";
import { rawEnv } from "@sda/core";
import { defaultCorpusDir, runAs } from "@sda/testing";
import { platformTest } from "@sda/testing/fixtures";
import type { z } from "zod";
import { chatsitePlatform } from "../src/spec.ts";

/**
 * Test-only cases marked `_synthetic` (never in the corpus): the `/s/` redirects of the names whose landing pages
 * alone were recorded (`synthetic-s-redirects.har`).
 */
export const SYNTHETIC_DIR = path.join(import.meta.dirname, "synthetic");

/**
 * The chatsite handler tests' fixture: `platformTest(chatsitePlatform)`, a file-scoped replay of the recorded `t.me`
 * pages plus the package's synthetic cases, and handler contexts routed to it.
 */
export const chatTest = platformTest(chatsitePlatform)
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from its destructuring.
  .extend("replayDirs", { scope: "file" }, ({}): readonly string[] => [
    path.join(defaultCorpusDir(rawEnv().CORPUS_DIR), "chatsite"),
    SYNTHETIC_DIR,
  ]);

/** A handler of one operation, as `HandlerFor` types it. */
type Handler<S extends z.ZodType, R> = (params: z.output<S>, ctx: OperationContext) => Promise<R>;

/**
 * Parses `query` with the operation's params schema, as the gateway does (so a bad link fails as it would over HTTP),
 * and runs `handler` on `ctx` as the engine runs the operation (`runAs`: the context bound to it, errors naming the
 * platform).
 */
export function run<S extends z.ZodType, R>(
  spec: { name: string; params: S },
  handler: Handler<S, R>,
  ctx: OperationContext,
  query: Record<string, string>,
): Promise<R> {
  return runAs(spec, handler, parseParams(spec.params, query), ctx);
}
