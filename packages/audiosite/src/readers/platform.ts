import type { z } from "zod";
import type { track } from "../spec/shapes.ts";

/** The platform's name as its answers carry it: the spec's literal (every answer shape declares the same one). */
export type PlatformName = z.output<typeof track>["platform"];

/**
 * The platform of a handler's answers: `ctx.platform`, which the engine sets from the operation's spec, typed as the
 * spec's literal.
 */
export function platformOf(ctx: { platform: string }): PlatformName {
  return ctx.platform as PlatformName;
}
