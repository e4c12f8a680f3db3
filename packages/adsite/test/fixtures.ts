import path from "node:path";
import { type OperationContext, parseParams } from "@sda/contract";
import { rawEnv } from "@sda/core";
import { defaultCorpusDir } from "@sda/testing";
import { platformTest } from "@sda/testing/fixtures";
import type { z } from "zod";
import { adsitePlatform } from "../src/spec.ts";
import { SYNTHETIC_DIR } from "./corpus.ts";

/**
 * The adsite handler tests' fixture: `platformTest(adsitePlatform)` serving the recorded corpus and the package's
 * synthetic cases (`test/synthetic/`), plus `fault` (a replay fault removed when the test ends).
 */
export const adsiteTest = platformTest(adsitePlatform)
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from its destructuring.
  .extend("replayDirs", { scope: "file" }, ({}): readonly string[] => [
    path.join(defaultCorpusDir(rawEnv().CORPUS_DIR), "adsite"),
    SYNTHETIC_DIR,
  ]);

/** Parses `query` with `schema` (as the gateway does) and calls `handler` on `ctx`. */
export function callWith<S extends z.ZodType, R>(
  schema: S,
  handler: (params: z.output<S>, ctx: OperationContext) => Promise<R>,
  ctx: OperationContext,
) {
  return (query: Record<string, string>) => handler(parseParams(schema, query), ctx);
}
