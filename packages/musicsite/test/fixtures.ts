import { type OperationContext, parseParams } from "@sda/contract";
import { runAs } from "@sda/testing";
import { platformTest } from "@sda/testing/fixtures";
import type { z } from "zod";
import { musicsitePlatform } from "../src/spec.ts";

/**
 * The musicsite handler tests' fixture: `platformTest(musicsitePlatform)`, a file-scoped replay of the recorded
 * Bandcamp cases (artist hosts matched by their `Host`, which the upstream client keeps) and handler contexts.
 */
export const musicTest = platformTest(musicsitePlatform);

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
