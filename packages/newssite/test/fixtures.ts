import { type OperationContext, parseParams } from "@sda/contract";
import type { ReplayServer } from "@sda/replay";
import { platformTest } from "@sda/testing/fixtures";
import type { z } from "zod";
import { newssitePlatform } from "../src/spec.ts";

/**
 * The newssite handler tests' fixture `newsTest` (`platformTest(newssitePlatform)` plus replay faults removed after
 * each test), and the faults they inject.
 */

type ReplayFault = Parameters<ReplayServer["addFault"]>[0];

/**
 * `platformTest(newssitePlatform)` plus `fault`: injects a replay fault for this test only (removed when the test ends, also when it
 * fails); the returned function removes it earlier.
 */
export const newsTest = platformTest(newssitePlatform);

/**
 * A `newsTest.extend` fixture: a function that parses a query with `schema` (as the gateway does) and calls `handler`
 * on the file's handler context.
 */
export function callWith<S extends z.ZodType, R>(
  schema: S,
  handler: (params: z.output<S>, ctx: OperationContext) => Promise<R>,
) {
  return ({ ctx }: { ctx: OperationContext }) =>
    (query: Record<string, string>) =>
      handler(parseParams(schema, query), ctx);
}

/** The fault of an upstream answering `status` with `body` for `path`. */
export const failingAt = (path: string, status: number, body: string): ReplayFault => ({
  when: (r) => r.path === path,
  status,
  body,
});

/** Firebase's answer for a missing item or user (HTTP 200, body `null`, as recorded in item-not-found-null). */
export const nullAnswerAt = (path: string): ReplayFault => jsonAnswerAt(path, "null");

/**
 * Firebase's `null` for every item the replay has no recording of: for the tests of skipping missing items over
 * lists whose ids are not all recorded (the real top list, the synthetic thread's `kids`; corpus README 5.7). Without
 * it such an id gets the replay's "no recording" 404, which the client rightly answers as an upstream error.
 */
export const unrecordedItemsAreNull = (replay: ReplayServer): ReplayFault => {
  const recorded = new Set(
    replay.entries.filter((e) => e.platform === "newssite").map((e) => new URL(e.entry.request.url).pathname),
  );
  return {
    when: (r) => r.path.startsWith("/v0/item/") && !recorded.has(r.path),
    status: 200,
    body: "null",
    headers: { "content-type": "application/json" },
  };
};

/** An HTTP 200 JSON answer `body` for `path` (e.g. an empty story list, `[]`). */
export const jsonAnswerAt = (path: string, body: string): ReplayFault => ({
  ...failingAt(path, 200, body),
  headers: { "content-type": "application/json" },
});
