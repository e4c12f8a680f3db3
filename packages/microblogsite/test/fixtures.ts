import { type OperationContext, parseParams } from "@sda/contract";
import type { ReplayServer } from "@sda/replay";
import { platformTest } from "@sda/testing/fixtures";
import type { z } from "zod";
import { microblogsitePlatform } from "../src/spec.ts";

/**
 * The microblogsite handler tests' fixture `microblogTest` (`platformTest(microblogsitePlatform)`, plus replay answers
 * injected for one test and removed after it) and helpers to call a handler as the gateway would.
 */

type ReplayFault = Parameters<ReplayServer["addFault"]>[0];

/** `platformTest(microblogsitePlatform)` plus `inject`: a replay answer for this test only (removed when it ends). */
export const microblogTest = platformTest(microblogsitePlatform).extend(
  "inject",
  async ({ replay }, { onCleanup }) => {
    const removers: (() => void)[] = [];
    onCleanup(() => {
      for (const remove of removers) remove();
    });
    return (fault: ReplayFault): void => {
      removers.push(replay.addFault(fault));
    };
  },
);

/** A handler called with a raw query, parsed by its spec's params (as the gateway does), on a context. */
export const runner =
  <S extends z.ZodType, R>(schema: S, handler: (params: z.output<S>, ctx: OperationContext) => Promise<R>) =>
  (ctx: OperationContext) =>
  (query: Record<string, string>) =>
    handler(parseParams(schema, query), ctx);

/** An XRPC error answer (`{"error", "message"}`) of `status` for the method `nsid`, `times` times (default always). */
export function xrpcError(
  nsid: string,
  status: number,
  error: string,
  message: string,
  times = Infinity,
): ReplayFault {
  let left = times;
  return {
    when: (r) => r.path === `/xrpc/${nsid}` && left-- > 0,
    status,
    body: JSON.stringify({ error, message }),
    headers: { "content-type": "application/json" },
  };
}
/** An HTTP 200 JSON answer `body` for the method `nsid` (a synthetic answer where the corpus has none). */
export const xrpcAnswer = (nsid: string, body: unknown): ReplayFault => ({
  when: (r) => r.path === `/xrpc/${nsid}`,
  status: 200,
  body: JSON.stringify(body),
  headers: { "content-type": "application/json" },
});
