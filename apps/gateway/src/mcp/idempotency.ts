import { ServiceError } from "@sda/core";
import { idempotencyKeyOf } from "@sda/ledger";

/**
 * Retry-safe tool calls (issue 34 #5): a paying tool (every platform tool, `batch_submit`) takes an idempotency key
 * as its `idempotencyKey` argument or as the MCP request's `Idempotency-Key` header, with REST's rules and store
 * (`ledger.idempotency`: `resolveIdempotently` for direct calls, the batch service for batches): the first call with a key runs, a
 * retry with the same key and arguments gets its outcome again and is not charged again, the same key with other
 * arguments is refused (`idempotency_key_reused`), a refused or failed call (never billed) frees the key.
 */

/** The `idempotencyKey` argument as a tool's input schema publishes it. */
const IDEMPOTENCY_KEY_PROPERTY = {
  type: "string",
  maxLength: 255,
  description: "Same key on a retry: charged once.",
} as const;

/** A paying tool's input schema with its optional `idempotencyKey` argument. */
export function withIdempotencyKey<S extends { properties?: Record<string, object> }>(schema: S): S {
  return { ...schema, properties: { ...schema.properties, idempotencyKey: IDEMPOTENCY_KEY_PROPERTY } };
}

/** How a retry is made safe, said once in the server's instructions and in `batch_submit`'s description. */
export const RETRY_SENTENCE =
  "To retry a paying call safely after a network error or a timeout, send it again with the same `idempotencyKey` " +
  "argument (or the same `Idempotency-Key` header on the MCP request): the first outcome is answered again and never " +
  "charged twice (24 h); the same key with other arguments is refused (`idempotency_key_reused`).";

/**
 * A tool call's idempotency key and its arguments without it.
 * @param header the MCP request's `Idempotency-Key` header, if any (the argument wins when both are given).
 * @throws ServiceError 400 `invalid_parameter` for a key that is not 1–255 characters of text.
 */
export function splitIdempotencyKey(
  args: Record<string, unknown>,
  header: string | null,
): { key: string | null; rest: Record<string, unknown> } {
  const { idempotencyKey, ...rest } = args;
  if (idempotencyKey !== undefined && idempotencyKey !== null && typeof idempotencyKey !== "string")
    throw new ServiceError("invalid_parameter", "idempotencyKey is a string of 1 to 255 characters", {
      details: { param: "idempotencyKey" },
    });
  return { key: idempotencyKeyOf(typeof idempotencyKey === "string" ? idempotencyKey : header), rest };
}
