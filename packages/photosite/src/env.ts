import { z } from "zod";

/** The photo platform's own variables, read by handlers as `ctx.env` (the origin, `PHOTOSITE_ORIGIN`, is generated). */
export const photositeEnv = z.object({
  /** Optional pool of logged-in web sessions: one `Cookie` header value, or a JSON array of them. */
  PHOTOSITE_SESSION_COOKIES: z.string().min(1).optional(),
  /** Comma-separated egress proxies; session i goes through proxy i mod n. */
  PHOTOSITE_PROXIES: z.string().min(1).optional(),
  /**
   * Comma-separated hashtags whose explore pages are the source of `GET /v1/photosite/trending-reels` (the reels the
   * platform ranks in their top section).
   */
  PHOTOSITE_TRENDING_HASHTAGS: z.string().default("reels,trending,viral,explorepage"),
});

/** `ctx.env` of a photosite handler. */
export type PhotositeEnv = z.output<typeof photositeEnv>;
