import { z } from "zod";

/** The forum platform's own variables, read by handlers as `ctx.env` (the origin, `FORUMSITE_ORIGIN`, is generated). */
export const forumsiteEnv = z.object({
  /** App-only OAuth client of the platform; unset: the public `.json` pages. */
  FORUMSITE_CLIENT_ID: z.string().min(1).optional(),
  FORUMSITE_CLIENT_SECRET: z.string().min(1).optional(),
  /** User-Agent of forum platform requests: the platform asks API clients for a unique, descriptive one. */
  FORUMSITE_USER_AGENT: z.string().min(1).default("server:social-data-api:0.1.0 (public data service)"),
  /** Comma-separated egress proxies of forum platform requests; a proxy the platform blocks (403) rests, the next serves. */
  FORUMSITE_PROXIES: z.string().min(1).optional(),
  /** Rest of a credential or proxy after the forum platform's 403 block page (no `Retry-After`), in seconds. */
  FORUMSITE_BLOCK_COOLDOWN_SECONDS: z.coerce.number().int().min(1).default(600),
});

/** `ctx.env` of a forumsite handler. */
export type ForumsiteEnv = z.output<typeof forumsiteEnv>;
