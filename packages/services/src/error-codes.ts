import { BATCH_ERROR_CODES } from "@sda/batch";
import { platforms } from "@sda/catalog";
import { type PlatformSpec, platformErrorCodes } from "@sda/contract";
import { composeErrorCodes, type ErrorCodeOwner } from "@sda/core";
import { HISTORY_ERROR_CODES } from "@sda/history";
import { MEDIA_ERROR_CODES } from "@sda/media/error-codes";
import { MONITOR_ERROR_CODES } from "@sda/monitors";
import { SUMMARY_ERROR_CODES } from "@sda/summarize/error-codes";
import { WEBHOOK_ERROR_CODES } from "@sda/webhooks";

/**
 * The feature packages' and shared pipelines' own codes (each a `const` table in its package, thrown there through
 * its `fail = errorsOf(table)`), in the order the composed table lists them after core's. The pipelines' come from
 * their `error-codes` entries, which import nothing of the pipelines: the gateway, which shares this wiring, must not
 * bundle them.
 */
export const featureErrorCodes = [
  { owner: "@sda/webhooks", codes: WEBHOOK_ERROR_CODES },
  { owner: "@sda/batch", codes: BATCH_ERROR_CODES },
  { owner: "@sda/monitors", codes: MONITOR_ERROR_CODES },
  { owner: "@sda/history", codes: HISTORY_ERROR_CODES },
  { owner: "@sda/media", codes: MEDIA_ERROR_CODES },
  { owner: "@sda/summarize", codes: SUMMARY_ERROR_CODES },
] as const satisfies readonly ErrorCodeOwner[];

/**
 * The one code table of a service of these platforms: core's codes (the service-wide ones, the call codes of
 * `@sda/contract`'s `CALL_ERROR_CODES`, the shared platform ones) ∪ every feature's ∪ every platform's, each code
 * with its status and retryability. A test stack running a registry of its own composes its platforms this way.
 * @throws Error when a code is not snake_case, or two owners declare it with two statuses or retryabilities.
 */
export function composeServiceErrorCodes<const P extends PlatformSpec>(servicePlatforms: readonly P[]) {
  return composeErrorCodes([...featureErrorCodes, ...platformErrorCodes(servicePlatforms)]);
}

/**
 * The composed code table of the service (the catalog's platforms), built once at import: what every reader of a code's
 * status or retryability takes (the gateway's job answers, MCP tools, batch items, monitor runs' log rows). Typed by
 * every table it composes, so reading a code nobody declares does not compile.
 */
export const errorCodes = composeServiceErrorCodes(platforms);

/** Every code the service answers (SPEC §7.1 `error.code`): the union of {@link errorCodes}' keys. */
export type ServiceErrorCode = keyof typeof errorCodes;
