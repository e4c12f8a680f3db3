import { z } from "zod";

/** The forum platform's own variables, read by handlers as `ctx.env` (the origin, `FORUMSITE_ORIGIN`, is generated). */
export const forumsiteEnv = z.object({
  FORUMSITE_CLIENT_ID: z
    .string()
    .min(1)
    .optional()
    .describe("app-only OAuth client of the forum platform (unset: public `.json` pages)"),
  FORUMSITE_CLIENT_SECRET: z.string().min(1).optional().describe("secret of that OAuth client"),
  FORUMSITE_USER_AGENT: z
    .string()
    .min(1)
    .default("server:social-data-api:0.1.0 (public data service)")
    .describe("User-Agent of forum requests: the platform asks API clients for a unique, descriptive one"),
  FORUMSITE_PROXIES: z
    .string()
    .min(1)
    .optional()
    .describe("comma-separated egress proxies; a proxy the platform blocks (403) rests, the next serves"),
  FORUMSITE_BLOCK_COOLDOWN_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(600)
    .describe("rest of a credential or proxy after the 403 block page (no `Retry-After`)"),
});

/** `ctx.env` of a forumsite handler. */
export type ForumsiteEnv = z.output<typeof forumsiteEnv>;
