import type { z } from "zod";
import type {
  EstimateHandler,
  NoServices,
  OperationContext,
  OperationHandler,
  OperationOutcome,
  OperationSpecInput,
} from "./operation.ts";

/**
 * One line of a platform's `operations`: the operation's spec and how to load its handler — a dynamic import of the
 * handler's module, so the spec (what the gateway reads) carries a reference to the extraction code, never the code.
 * `Env` is the platform env the handler expects (`definePlatform` checks it against the platform's `env`), `Services`
 * the handler services it reads (`ctx.services`; the wiring checks that it builds them, `PlatformServices`).
 */
export interface OperationEntry<
  N extends string = string,
  S extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
  Env = Readonly<Record<string, unknown>>,
  Services = NoServices,
> extends OperationSpecInput<N, S, O> {
  /** Loads the handler (`() => import("./operations/<op>.ts").then((m) => m.<op>Handler)`). */
  handler: () => Promise<OperationHandler<S, Env, O, Services>>;
  /**
   * Loads its estimate function, for an operation priced from what only the platform can read (the audio
   * transcript's duration): `GET /v1/utilities/estimate` runs it (see {@link OperationSpec.estimate}).
   */
  estimator?: () => Promise<EstimateHandler<S, Env, Services>>;
}

/**
 * What `definePlatform` accepts of any line, whatever its params and output (each line was typed by
 * {@link withHandler}): only the handler's env is still checked, against the platform's `env` (`PlatformEnvOut`). Its
 * services are not (`never`: any): each handler names its own, and the wiring checks them (`PlatformServices`).
 */
export interface AnyOperationEntry<PlatformEnvOut = Readonly<Record<string, unknown>>>
  extends OperationSpecInput {
  handler: () => Promise<
    (params: never, ctx: OperationContext<PlatformEnvOut, never>) => Promise<OperationOutcome>
  >;
  estimator?: () => Promise<
    (params: never, ctx: OperationContext<PlatformEnvOut, never>) => Promise<unknown>
  >;
}

/**
 * Binds an operation's spec (from `spec/<op>.ts`) to the lazy import of its handler (and of its estimate function,
 * when it has one), as one line of its platform's `operations` in `spec.ts`:
 * `withHandler(storiesSpec, () => import("./operations/stories.ts").then((m) => m.storiesHandler))`.
 * Typed: a handler whose params, `data` or env do not fit the spec (and, through `definePlatform`, the platform's
 * `env`) is a compile error; the services it names (`Services`) stay in the line's type, for the wiring to check
 * (the estimate function may use no service its handler does not name). The spec files themselves never import
 * handlers: a handler types itself with its spec (`HandlerFor<typeof storiesSpec>`), so a spec carrying its handler
 * would be a circular type and import.
 */
export function withHandler<
  const N extends string,
  S extends z.ZodType,
  O extends z.ZodType,
  Env = Readonly<Record<string, unknown>>,
  Services = NoServices,
>(
  spec: OperationSpecInput<N, S, O>,
  handler: () => Promise<OperationHandler<S, Env, O, Services>>,
  estimator?: () => Promise<EstimateHandler<S, NoInfer<Env>, NoInfer<Services>>>,
): OperationEntry<N, S, O, Env, Services> {
  return estimator ? { ...spec, handler, estimator } : { ...spec, handler };
}
