import type { HandlerFor, OperationContext } from "@sda/contract";
import type { z } from "zod";
import { ForumClient } from "../client/client.ts";
import { okJson } from "../client/errors.ts";
import type { ForumsiteEnv } from "../env.ts";
import { fail } from "../errors.ts";
import { readThing } from "../readers/listing.ts";
import {
  readSubredditAbout,
  readSubredditRules,
  type SubredditAbout,
  type SubredditRule,
} from "../readers/subreddit.ts";
import type { subredditDetailsParams, subredditDetailsSpec } from "../spec/subreddit-details.ts";

/** The subreddit card (SPEC §2.11: `id` with `t5_`, `members`, `activeUsers`, `rules[]`, `createdAt`, `nsfw`, `type`). */
export interface SubredditDetailsResult extends SubredditAbout {
  /** The subreddit's rules in order; null when they could not be read (then `degraded` is true). */
  rules: SubredditRule[] | null;
  /** True when a part could not be read; retry later for the full card. */
  degraded: boolean;
  /** `rules_unavailable`, or null. */
  degradedReason: string | null;
}

/**
 * The card of a subreddit and its rules.
 *
 * Upstream: `GET /r/<name>/about` (a `t5` thing) and `GET /r/<name>/about/rules`, in parallel. The card is required;
 * the rules are not (a failed rules request gives `rules: null` and `degraded: true`).
 * @returns `{ data, source: "<oauth|public>:about+rules" }` (`…:about` when the rules were not read).
 * @throws ServiceError 404 `subreddit_not_found` (also when the platform answers anything but a subreddit), 403
 *   `subreddit_private` / `subreddit_quarantined`, 502 `upstream_*`.
 */
export async function getSubredditDetails(
  params: z.output<typeof subredditDetailsParams>,
  ctx: OperationContext<ForumsiteEnv>,
): Promise<{ data: SubredditDetailsResult; source: string }> {
  const client = new ForumClient(ctx);
  const name = params.url;
  const resource = { kind: "subreddit" as const, name };
  const [about, rulesAnswer] = await Promise.allSettled([
    client.get(`/r/${name}/about`),
    client.get(`/r/${name}/about/rules`),
  ]);
  if (about.status === "rejected") throw about.reason;
  const thing = readThing(okJson(about.value, resource));
  const card = thing?.kind === "t5" ? readSubredditAbout(thing.data) : null;
  if (!card)
    throw fail("subreddit_not_found", `r/${name} does not exist`, {
      details: { subreddit: name },
    });
  let rules: SubredditRule[] | null = null;
  if (rulesAnswer.status === "fulfilled" && rulesAnswer.value.status === 200)
    rules = readSubredditRules(rulesAnswer.value.json);
  else
    ctx.log.info(
      {
        subreddit: name,
        reason: rulesAnswer.status === "rejected" ? String(rulesAnswer.reason) : rulesAnswer.value.status,
      },
      "subreddit rules could not be read",
    );
  return {
    data: {
      ...card,
      rules,
      degraded: rules === null,
      degradedReason: rules === null ? "rules_unavailable" : null,
    },
    source: `${client.via}:about${rules === null ? "" : "+rules"}`,
  };
}

/** The handler of `forumsite.subreddit-details` (its spec: `subredditDetailsSpec`). */
export const subredditDetailsHandler: HandlerFor<typeof subredditDetailsSpec, ForumsiteEnv> = (params, ctx) =>
  getSubredditDetails(params, ctx);
