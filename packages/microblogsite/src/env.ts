import { z } from "zod";

/**
 * The microblog platform's own variables, read by handlers as `ctx.env` (the origin, `MICROBLOGSITE_ORIGIN`, is
 * generated). Reads need none: the AppView is public. The operator account is used only when the public AppView
 * refuses a post search (401/403).
 */
export const microblogsiteEnv = z.object({
  MICROBLOGSITE_IDENTIFIER: z
    .string()
    .min(1)
    .optional()
    .describe(
      "handle or e-mail of the operator's Bluesky account, used for post search when the public AppView refuses it",
    ),
  MICROBLOGSITE_APP_PASSWORD: z
    .string()
    .min(1)
    .optional()
    .describe("an app password of that account (Settings → App passwords), never the account password"),
});

/** `ctx.env` of a microblogsite handler. */
export type MicroblogsiteEnv = z.output<typeof microblogsiteEnv>;
