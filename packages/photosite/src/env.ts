import { z } from "zod";

/** The photo platform's own variables, read by handlers as `ctx.env` (the origin, `PHOTOSITE_ORIGIN`, is generated). */
export const photositeEnv = z.object({
  PHOTOSITE_SESSION_COOKIES: z
    .string()
    .min(1)
    .optional()
    .describe("optional pool of logged-in web sessions: one `Cookie` header value, or a JSON array of them"),
  PHOTOSITE_PROXIES: z
    .string()
    .min(1)
    .optional()
    .describe("comma-separated egress proxies; session i goes through proxy i mod n"),
  PHOTOSITE_TRENDING_HASHTAGS: z
    .string()
    .default("reels,trending,viral,explorepage")
    .describe("hashtag pages whose top reels make up `trending-reels`"),
});

/** `ctx.env` of a photosite handler. */
export type PhotositeEnv = z.output<typeof photositeEnv>;
