import { ServiceError } from "@sda/core";
import type { PhotositeContext } from "./context.ts";

/**
 * True for a failure another upstream path may not have: a login wall, a block, a timeout, an unexpected answer,
 * a replay miss (`upstream_*`). A rate limit is not one: the other paths share the platform's limit, so trying them
 * would only spend it.
 */
export function canFallBack(error: unknown): error is ServiceError {
  return (
    error instanceof ServiceError &&
    error.code.startsWith("upstream_") &&
    error.code !== "upstream_rate_limited"
  );
}

/**
 * Runs `primary`, and `fallback` when the primary path fails for a reason {@link canFallBack} accepts.
 * @param keepFallbackError when the fallback fails too, its error is thrown if this says so (e.g. a definite
 *   `profile_not_found`); otherwise the primary error is (it is the more telling one).
 * @returns the value and which path produced it.
 */
export async function withFallback<T>(
  ctx: Pick<PhotositeContext, "log">,
  label: string,
  primary: () => Promise<T>,
  fallback: () => Promise<T>,
  keepFallbackError: (error: unknown) => boolean = () => false,
): Promise<{ value: T; fellBack: boolean }> {
  try {
    return { value: await primary(), fellBack: false };
  } catch (error) {
    if (!canFallBack(error)) throw error;
    ctx.log.info({ code: error.code, path: label }, "photosite path failed; trying its fallback");
    try {
      return { value: await fallback(), fellBack: true };
    } catch (fallbackError) {
      throw keepFallbackError(fallbackError) ? fallbackError : error;
    }
  }
}
