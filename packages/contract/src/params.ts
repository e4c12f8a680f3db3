import { type CodedErrorSpec, type ErrorCode, ServiceError } from "@sda/core";
import { z } from "zod";

/**
 * Zod building blocks for query parameters, and the one mapping from zod issues to the service's 400/422 codes.
 *
 * Query values arrive as strings; empty values are treated as absent before parsing (so `cursor=` is the first page and
 * `url=` is a missing url). A refinement that wants a specific code (e.g. 422 `unsupported_url`) attaches it as
 * `params: { code }` on a custom issue (see {@link failWith}).
 */

/** `true|false|1|0`, default given; anything else is 400 `invalid_enum_value`. */
export function boolParam(defaultValue = false) {
  return z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((v) => (v === undefined ? defaultValue : v === "true" || v === "1"));
}

/** A plain decimal integer as a query value: an optional minus and digits only (no `0x10`, ` 5`, `1e2`, `5.0`). */
const DECIMAL_INTEGER = /^-?\d{1,16}$/;

/**
 * A query integer: only plain decimal strings become numbers (`Number()` would also take hex, exponents and
 * surrounding spaces); anything else stays a string and fails as 400 `invalid_parameter` "must be an integer".
 */
function decimalInt(min: number, max: number) {
  return z.preprocess(
    (value) => (typeof value === "string" && DECIMAL_INTEGER.test(value) ? Number(value) : value),
    z.int().min(min).max(max),
  );
}

/** Integer in [min, max] with a default; outside → 400 `parameter_out_of_range`, not a number → `invalid_parameter`. */
export function intParam(options: { default: number; min?: number; max: number }) {
  return decimalInt(options.min ?? 1, options.max).default(options.default);
}

/** Optional integer in [min, max] without a default. */
export function optionalIntParam(options: { min: number; max: number }) {
  return decimalInt(options.min, options.max).optional();
}

/** `limit` of a list operation (SPEC §4.1: minimum 1). */
export const limitParam = (defaultValue: number, max: number) => intParam({ default: defaultValue, max });

/** `cursor`: absent or empty for the first page, else a previous `nextCursor`. */
export const cursorParam = z.string().max(8192).optional();

/** `cache`: SPEC §4.1, default false. */
export const cacheParam = boolParam(false);

/** The ages `cacheMaxAge` accepts (SPEC §4.1), in seconds. */
const CACHE_MAX_AGES = {
  "1d": 86_400,
  "3d": 259_200,
  "7d": 604_800,
  "14d": 1_209_600,
  "30d": 2_592_000,
} as const;

/** How long operations that take `cacheMaxAge` keep their results: the longest age it accepts (30 days), in seconds. */
export const CACHE_MAX_AGE_KEEP_SECONDS = CACHE_MAX_AGES["30d"];

/**
 * `cacheMaxAge` (SPEC §4.1, profile operations): a stored result up to this age may be served instead of a fresh
 * fetch. Outputs seconds; other values → 400 `invalid_enum_value`. Operations that declare it keep results
 * {@link CACHE_MAX_AGE_KEEP_SECONDS}; the gateway refuses it (400 `invalid_parameter`) on every other operation.
 */
const cacheMaxAgeParam = z
  .enum(Object.keys(CACHE_MAX_AGES) as [keyof typeof CACHE_MAX_AGES, ...(keyof typeof CACHE_MAX_AGES)[]])
  .optional()
  .transform((v) => (v === undefined ? undefined : CACHE_MAX_AGES[v]));

/**
 * The cache parameters of a profile operation (SPEC §4.1): `cache` and `cacheMaxAge`, spread into its params object
 * beside its own (`z.object({ url: …, ...profileCacheParams })`). Its spec declares {@link PROFILE_CACHE_POLICY}.
 */
export const profileCacheParams = { cache: cacheParam, cacheMaxAge: cacheMaxAgeParam };

/**
 * Cache policy of an operation taking {@link profileCacheParams}: opt-in, each result kept
 * {@link CACHE_MAX_AGE_KEEP_SECONDS} (30 days) so that `cacheMaxAge=30d` can be served.
 */
export const PROFILE_CACHE_POLICY = { mode: "optIn", ttlSeconds: CACHE_MAX_AGE_KEEP_SECONDS } as const;

/**
 * An enum parameter with aliases: accepts the canonical values and the alias keys, and outputs the canonical value.
 * Unknown values → 400 `invalid_enum_value` listing every accepted value.
 */
export function enumParam<const C extends string>(
  canonical: readonly [C, ...C[]],
  options: { default?: C; aliases?: Record<string, C> } = {},
) {
  const accepted = [...canonical, ...Object.keys(options.aliases ?? {})] as [string, ...string[]];
  const base = z.enum(accepted).transform((v) => (options.aliases?.[v] ?? v) as C);
  return options.default === undefined ? base.optional() : base.default(options.default as never);
}

/**
 * Adds a custom issue that maps to `code` with the given message: one of core's codes (status from its table), or a
 * platform's with its spec (`fail.spec("invalid_input")`, the `spec` of `errorsOf`); `extra` is merged into the
 * error's details.
 */
export function failWith(
  ctx: z.RefinementCtx,
  code: ErrorCode | CodedErrorSpec,
  message: string,
  extra: Record<string, unknown> = {},
) {
  ctx.addIssue({ code: "custom", message, params: { code, ...extra } });
}

/**
 * Parses raw query parameters with an operation's schema.
 * @param raw query object as Express parses it (strings, or arrays for repeated keys).
 * @returns the schema's output.
 * @throws ServiceError 400 (`missing_parameter`, `invalid_parameter`, `parameter_out_of_range`, `invalid_enum_value`,
 *   `invalid_cursor`) or 422 (`unsupported_url`) for the first problem found; `details.param` names the parameter.
 */
export function parseParams<S extends z.ZodType>(schema: S, raw: Record<string, unknown>): z.output<S> {
  const cleaned: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw))
    if (value !== "" && value !== undefined) cleaned[key] = value;
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw issue ? issueToError(issue, cleaned) : new ServiceError("invalid_parameter", "invalid parameters");
}

function issueToError(issue: z.core.$ZodIssue, raw: Record<string, unknown>): ServiceError {
  const param = issue.path.map(String).join(".") || "query";
  const details: Record<string, unknown> = { param };
  switch (issue.code) {
    case "custom": {
      const { code, ...extra } = (issue.params ?? {}) as { code?: ErrorCode | CodedErrorSpec } & Record<
        string,
        unknown
      >;
      return new ServiceError(code ?? "invalid_parameter", issue.message, {
        details: { ...details, ...extra },
      });
    }
    case "invalid_type":
      if (raw[param] === undefined)
        return new ServiceError("missing_parameter", `${param} is required`, { details });
      if (Array.isArray(raw[param]))
        return new ServiceError("invalid_parameter", `${param} must be given once`, { details });
      return new ServiceError("invalid_parameter", `${param} must be ${describeExpected(issue.expected)}`, {
        details,
      });
    case "too_small":
    case "too_big": {
      const bound =
        issue.code === "too_small" ? { min: Number(issue.minimum) } : { max: Number(issue.maximum) };
      if (issue.origin === "string") {
        const message =
          issue.code === "too_small"
            ? `${param} must be at least ${bound.min} characters`
            : `${param} must be at most ${bound.max} characters`;
        return new ServiceError("invalid_parameter", message, { details: { ...details, ...bound } });
      }
      const message =
        issue.code === "too_small"
          ? `${param} must be at least ${bound.min}`
          : `${param} must be at most ${bound.max}`;
      return new ServiceError("parameter_out_of_range", message, { details: { ...details, ...bound } });
    }
    case "invalid_value": {
      const allowed = issue.values.map(String);
      return new ServiceError("invalid_enum_value", `${param} must be one of: ${allowed.join(", ")}`, {
        details: { ...details, allowed },
      });
    }
    default:
      return new ServiceError("invalid_parameter", `${param}: ${issue.message}`, { details });
  }
}

function describeExpected(expected: string): string {
  if (expected === "int") return "an integer";
  if (expected === "number") return "a number";
  return `a ${expected}`;
}
