import { z } from "zod";

/** The forum platform's own variables, read by handlers as `ctx.env` (the origin, `FORUMSITE_ORIGIN`, is generated). */
export const forumsiteEnv = z.object({
  /** App-only OAuth client of the platform; unset: the public `.json` pages. */
  FORUMSITE_CLIENT_ID: z.string().min(1).optional(),
  FORUMSITE_CLIENT_SECRET: z.string().min(1).optional(),
  /** User-Agent of forum platform requests: the platform asks API clients for a unique, descriptive one. */
  FORUMSITE_USER_AGENT: z.string().min(1).default("server:social-data-api:0.1.0 (public data service)"),
});

/** `ctx.env` of a forumsite handler. */
export type ForumsiteEnv = z.output<typeof forumsiteEnv>;
