import type { CachePolicy, OperationContext, OperationOutcome, PriceRule } from "@sda/core";
import type { z } from "zod";

/**
 * TEMPORARY stand-in for the platform contract of issue 10 §1 (`definePlatform`, `defineOperationSpec`,
 * `defineHandlers`), which core gains on another branch. The shapes below are the contract's; the functions are
 * identity-like. At merge the lead replaces every import of this file by `@sda/core` and deletes it: nothing else in
 * the package imports the contract from anywhere else.
 */

/** Status and default retryability of an error code the platform adds to the closed set. */
export interface PlatformErrorCode {
  status: number;
  retryable: boolean;
}

/** What a platform package declares about one operation: no handler, so the gateway never loads extraction code. */
export interface OperationSpecInput<N extends string = string, S extends z.ZodType = z.ZodType> {
  /** Operation name inside the platform; the id is `<platform>.<name>`, the path `/v1/<platform>/<name>`. */
  name: N;
  summary: string;
  /** Query parameters; the output is what the handler receives. */
  params: S;
  price: PriceRule;
  cache: CachePolicy;
  /** Defaults to the platform's queue (its name). */
  queue?: string;
  /** Defaults to `/v1/<platform>/<name>`. */
  path?: string;
  /** Defaults to the platform name. */
  tag?: string;
}

/** A platform: its name, live hosts, optional env slice and error codes, and its operation specs. */
export interface PlatformInput<
  N extends string = string,
  O extends readonly OperationSpecInput[] = readonly OperationSpecInput[],
> {
  name: N;
  /** Live hosts the platform's requests go to (routed to `<NAME>_ORIGIN` when it is set). */
  hosts: readonly string[];
  /** The platform's slice of the env schema (origin, credentials, tunables). */
  env?: z.ZodObject;
  errorCodes?: Record<string, PlatformErrorCode>;
  queues?: readonly string[];
  operations: O;
}

/** A handler of one operation spec. */
export type OperationHandler<S extends z.ZodType = z.ZodType> = (
  params: z.output<S>,
  ctx: OperationContext,
) => Promise<OperationOutcome>;

/** The handlers of a platform, one per operation name, each typed by its spec's params. */
export type PlatformHandlers<P extends PlatformInput> = {
  [O in P["operations"][number] as O["name"]]: OperationHandler<O["params"]>;
};

/** Declares one operation spec (identity; the platform derives id, path, tag and queue). */
export function defineOperationSpec<const N extends string, S extends z.ZodType>(
  spec: OperationSpecInput<N, S>,
): OperationSpecInput<N, S> {
  return spec;
}

/** Declares a platform (identity). */
export function definePlatform<const N extends string, const O extends readonly OperationSpecInput[]>(
  platform: PlatformInput<N, O>,
): PlatformInput<N, O> {
  return platform;
}

/** Binds a platform's handlers to its specs (identity; the type checks one handler per operation). */
export function defineHandlers<P extends PlatformInput>(
  _platform: P,
  handlers: PlatformHandlers<P>,
): PlatformHandlers<P> {
  return handlers;
}
