import { type OperationContext, parseParams } from "@sda/contract";
import { createMediaServices } from "@sda/media";
import type { ReplayServer } from "@sda/replay";
import { platformTest } from "@sda/testing/fixtures";
import type { z } from "zod";
import { audiositePlatform } from "../src/spec.ts";

/**
 * The audiosite handler tests' fixture `audioTest` (`platformTest(audiositePlatform)` plus replay faults removed
 * after each test), and helpers to call a handler as the gateway does.
 */

type ReplayFault = Parameters<ReplayServer["addFault"]>[0];

/**
 * `platformTest(audiositePlatform)` with the media services its transcript reads, plus `fault`: a replay fault for
 * this test only (removed when it ends).
 */
export const audioTest = platformTest(audiositePlatform, {
  services: (inputs) => ({ media: createMediaServices(inputs) }),
});

/** Parses `query` with `schema` (as the gateway does) and calls `handler` on `ctx`. */
export function callWith<S extends z.ZodType, R>(
  schema: S,
  handler: (params: z.output<S>, ctx: OperationContext) => Promise<R>,
  ctx: OperationContext,
  query: Record<string, string>,
): Promise<R> {
  return handler(parseParams(schema, query), ctx);
}

/** The fault of api-v2 answering `status` (a stale key: 401) to every request whose `client_id` is `key`. */
export const refusingKey = (key: string, status = 401): ReplayFault => ({
  when: (r) => r.query.client_id === key,
  status,
  body: "{}",
  headers: { "content-type": "application/json" },
});
