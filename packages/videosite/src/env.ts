import { z } from "zod";

/**
 * The video platform's own variables: none yet (its origin, `VIDEOSITE_ORIGIN`, is generated for every platform).
 * A variable added here must be named `VIDEOSITE_…` and read through `ctx.env` in a handler.
 */
export const videositeEnv = z.object({});

/** `ctx.env` of a videosite handler. */
export type VideositeEnv = z.output<typeof videositeEnv>;
