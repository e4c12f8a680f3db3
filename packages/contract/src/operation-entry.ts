import type { z } from "zod";
import type {
  EstimateHandler,
  OperationContext,
  OperationHandler,
  OperationOutcome,
  OperationSpecInput,
} from "./operation.ts";

/**
 * One line of a platform's `operations`: the operation's spec and how to load its handler — a dynamic import of the
 * handler's module, so the spec (what the gateway reads) carries a reference to the extraction code, never the code.
 * `Env` is the platform env the handler expects (`definePlatform` checks it against the platform's `env`).
 */
export interface OperationEntry<
  N extends string = string,
  S extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
  Env = Readonly<Record<string, unknown>>,
> extends OperationSpecInput<N, S, O> {
  /** Loads the handler (`() => import("./operations/<op>.ts").then((m) => m.<op>Handler)`). */
  handler: () => Promise<OperationHandler<S, Env, O>>;
  /**
   * Loads its estimate function, for an operation priced from what only the platform can read (the audio
   * transcript's duration): `GET /v1/utilities/estimate` runs it (see {@link OperationSpec.estimate}).
   */
  estimator?: () => Promise<EstimateHandler<S, Env>>;
}

/**
 * What `definePlatform` accepts of any line, whatever its params and output (each line was typed by
 * {@link withHandler}): only the handler's env is still checked, against the platform's `env` (`PlatformEnvOut`).
 */
export interface AnyOperationEntry<PlatformEnvOut = Readonly<Record<string, unknown>>>
  extends OperationSpecInput {
  handler: () => Promise<(params: never, ctx: OperationContext<PlatformEnvOut>) => Promise<OperationOutcome>>;
  estimator?: () => Promise<(params: never, ctx: OperationContext<PlatformEnvOut>) => Promise<unknown>>;
}

/**
 * Binds an operation's spec (from `spec/<op>.ts`) to the lazy import of its handler (and of its estimate function,
 * when it has one), as one line of its platform's `operations` in `spec.ts`:
 * `withHandler(storiesSpec, () => import("./operations/stories.ts").then((m) => m.storiesHandler))`.
 * Typed: a handler whose params, `data` or env do not fit the spec (and, through `definePlatform`, the platform's
 * `env`) is a compile error. The spec files themselves never import handlers: a handler types itself with its spec
 * (`HandlerFor<typeof storiesSpec>`), so a spec carrying its handler would be a circular type and import.
 */
export function withHandler<
  const N extends string,
  S extends z.ZodType,
  O extends z.ZodType,
  Env = Readonly<Record<string, unknown>>,
>(
  spec: OperationSpecInput<N, S, O>,
  handler: () => Promise<OperationHandler<S, Env, O>>,
  estimator?: () => Promise<EstimateHandler<S, NoInfer<Env>>>,
): OperationEntry<N, S, O, Env> {
  return estimator ? { ...spec, handler, estimator } : { ...spec, handler };
}
