import { z } from "zod";

/**
 * The video platform's own variables (its origin, `VIDEOSITE_ORIGIN`, is generated for every platform). A variable
 * added here must be named `VIDEOSITE_…` and read through `ctx.env` in a handler.
 */
export const videositeEnv = z.object({
  // A provider speaking the bgutil HTTP provider protocol (`POST <url>/get_pot`), e.g. `http://bgutil-provider:4416`.
  VIDEOSITE_POT_PROVIDER_URL: z
    .url()
    .optional()
    .describe(
      "PO-token provider (bgutil HTTP protocol); unset: caption links needing one are skipped (`po_token_required`)",
    ),
  VIDEOSITE_POT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(6 * 60 * 60)
    .describe("how long a PO token is reused (Redis); the provider's `expiresAt` caps it"),
  VIDEOSITE_PROXIES: z
    .string()
    .min(1)
    .optional()
    .describe("comma-separated egress proxies for the video platform; the next one is used after a block"),
});

/** `ctx.env` of a videosite handler. */
export type VideositeEnv = z.output<typeof videositeEnv>;
