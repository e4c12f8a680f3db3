import { z } from "zod";

/** A comma-separated list of host patterns (`mastodon.social`, `*.example.org`), lower-cased, blanks dropped. */
const hostList = z
  .string()
  .default("")
  .transform((value) =>
    value
      .split(",")
      .map((host) => host.trim().toLowerCase())
      .filter((host) => host !== ""),
  );

/**
 * The Mastodon platform's own variables, read by handlers as `ctx.env` (the origin, `FEDISITE_ORIGIN`, is generated:
 * when set, every instance is served from it, e.g. the replay of the recorded corpus).
 */
export const fedisiteEnv = z.object({
  FEDISITE_INSTANCES_ALLOW: hostList.describe(
    "comma-separated instances (`mastodon.social`, `*.example.org`) the platform may fetch; empty: any public https host",
  ),
  FEDISITE_INSTANCES_DENY: hostList.describe(
    "comma-separated instances (`*.example.org` for subdomains) never fetched (422 `instance_not_allowed`)",
  ),
  FEDISITE_TOKENS: z
    .string()
    .default("")
    .describe(
      "operator access tokens per instance, `host=token,host=token` (optional): sent to that instance only, for what needs login (resolving search, timelines closed to logged-out readers)",
    ),
});

/** `ctx.env` of a fedisite handler. */
export type FedisiteEnv = z.output<typeof fedisiteEnv>;
