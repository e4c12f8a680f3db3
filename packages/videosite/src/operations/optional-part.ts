import type { OperationContext } from "@sda/contract";
import { ServiceError } from "@sda/core";

/** What {@link optionalPart} needs: the logger for the skipped part. */
export type OptionalPartContext = Pick<OperationContext, "log">;

/**
 * Runs an optional part of a result: its value, or null when it failed with an upstream error (`upstream_*`,
 * including the replay's no-match 404), which the caller turns into `degraded`. Anything else (an abort, a bug, a
 * 404 of the resource itself) is rethrown.
 */
export async function optionalPart<T>(
  ctx: OptionalPartContext,
  part: string,
  run: () => Promise<T>,
): Promise<T | null> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ServiceError && error.code.startsWith("upstream_")) {
      ctx.log.info({ part, code: error.code, details: error.details }, "videosite optional part unavailable");
      return null;
    }
    throw error;
  }
}
