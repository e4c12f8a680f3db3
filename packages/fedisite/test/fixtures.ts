import { type OperationContext, parseParams } from "@sda/contract";
import { runAs } from "@sda/testing";
import { platformTest } from "@sda/testing/fixtures";
import type { z } from "zod";
import type { FedisiteEnv } from "../src/env.ts";
import { fedisitePlatform } from "../src/spec.ts";

/**
 * The fedisite handler tests' fixture: `platformTest(fedisitePlatform)`, a file-scoped replay of the recorded
 * instances (the replay ignores the host, so every instance a link names is served from it) and handler contexts
 * typed with the platform's env.
 */
export const fediTest = platformTest(fedisitePlatform);

/** A handler of one operation, as `HandlerFor` types it. */
type Handler<S extends z.ZodType, R> = (
  params: z.output<S>,
  ctx: OperationContext<FedisiteEnv>,
) => Promise<R>;

/**
 * Parses `query` with the operation's params schema, as the gateway does (so a bad link fails as it would over HTTP),
 * and runs `handler` on `ctx` as the engine runs the operation (`runAs`: the context bound to it, errors naming the
 * platform).
 */
export function run<S extends z.ZodType, R>(
  spec: { name: string; params: S },
  handler: Handler<S, R>,
  ctx: OperationContext<FedisiteEnv>,
  query: Record<string, string>,
): Promise<R> {
  return runAs(spec, handler, parseParams(spec.params, query), ctx);
}
