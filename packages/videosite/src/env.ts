import { z } from "zod";

/**
 * The video platform's own variables (its origin, `VIDEOSITE_ORIGIN`, is generated for every platform). A variable
 * added here must be named `VIDEOSITE_…` and read through `ctx.env` in a handler.
 */
export const videositeEnv = z.object({
  /**
   * Base URL of a PO-token provider speaking the bgutil HTTP provider protocol (`POST <url>/get_pot`), e.g.
   * `http://bgutil-provider:4416`. Unset: no PO tokens; caption links that need one are skipped (`po_token_required`).
   */
  VIDEOSITE_POT_PROVIDER_URL: z.url().optional(),
  /** How long a PO token from the provider is reused (cached in Redis), seconds; the provider's `expiresAt` caps it. */
  VIDEOSITE_POT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(6 * 60 * 60),
  /** Comma-separated egress proxy URLs for videosite requests; the next one is used after a block. */
  VIDEOSITE_PROXIES: z.string().min(1).optional(),
});

/** `ctx.env` of a videosite handler. */
export type VideositeEnv = z.output<typeof videositeEnv>;
