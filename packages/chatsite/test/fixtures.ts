import { type OperationContext, parseParams } from "@sda/core";
import { platformTest } from "@sda/testing/fixtures";
import type { z } from "zod";
import { chatsitePlatform } from "../src/spec.ts";

/**
 * The chatsite handler tests' fixture: `platformTest(chatsitePlatform)`, a file-scoped replay of the recorded `t.me`
 * pages and handler contexts routed to it.
 */
export const chatTest = platformTest(chatsitePlatform);

/** A handler of one operation, as `HandlerFor` types it. */
type Handler<S extends z.ZodType, R> = (params: z.output<S>, ctx: OperationContext) => Promise<R>;

/**
 * Parses `query` with the operation's params schema, as the gateway does (so a bad link fails as it would over HTTP),
 * and runs `handler` on `ctx`.
 */
export function run<S extends z.ZodType, R>(
  spec: { params: S },
  handler: Handler<S, R>,
  ctx: OperationContext,
  query: Record<string, string>,
): Promise<R> {
  return handler(parseParams(spec.params, query), ctx);
}
