import { component } from "@sda/contract";
import { z } from "zod";

/**
 * The answers of the Utilities group (the `data` of their 200s), declared once here and documented by their routes,
 * checked by `VALIDATE_RESPONSES` and by the test stacks' validator like every other answer.
 */

/** `GET /v1/utilities/estimate`: what a call would cost, in whole credits. */
export const callEstimate = component(
  "CallEstimate",
  z.object({
    path: z.string().describe("The operation's path, e.g. `/v1/videosite/comments`."),
    operation: z.string().describe("The operation's id, e.g. `videosite.comments`."),
    pricing: z
      .enum(["fixed", "range", "measured"])
      .describe(
        "`fixed`: the call costs `credits`; `range`: between `min` (an empty result) and `max` (the credits held " +
          "before it runs); `measured`: the operation read the price's input (the audio transcript's duration).",
      ),
    credits: z
      .int()
      .min(0)
      .nullable()
      .describe("The price, when it is known before the call (null for `range`)."),
    min: z.int().min(0),
    max: z.int().min(0),
    describe: z
      .string()
      .describe("The price rule in words, e.g. `2 credits per page of 20 results returned`."),
    cacheHitCredits: z.int().min(0).describe("What a result-cache hit of this call costs (0 unless billed)."),
    durationSeconds: z
      .number()
      .min(0)
      .optional()
      .describe("Seconds of media a `measured` price was computed from."),
  }),
  "The price of a call, from its operation's price rule or its estimate function.",
);

/** `GET /v1/utilities/resolve`: what a URL names and which operations accept it. */
export const resolvedUrl = component(
  "ResolvedUrl",
  z.object({
    platform: z.string(),
    kind: z
      .string()
      .nullable()
      .describe(
        "`video`, `channel`, `playlist`, `subreddit`, `post`, `profile`…; null when no details operation reads it.",
      ),
    id: z
      .string()
      .nullable()
      .describe("The platform's stable id; null when the URL names the resource by an alias."),
    alias: z.string().optional().describe("The handle or other alias the URL names, when it gives no id."),
    canonicalUrl: z.string().nullable(),
    operations: z
      .array(z.string())
      .describe("Paths of every operation whose `url` parameter accepts this URL."),
  }),
  "What a URL names (platform, kind, id, canonical URL) and the operations that accept it.",
);
