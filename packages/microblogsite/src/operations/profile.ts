import type { HandlerFor } from "@sda/contract";
import { AppView } from "../client/appview.ts";
import { profileMissing } from "../client/identity.ts";
import type { MicroblogsiteEnv } from "../env.ts";
import { readProfile } from "../readers/actor.ts";
import { rawProfileDetailed, readAnswer } from "../readers/lexicon.ts";
import type { profileSpec } from "../spec/profile.ts";

/**
 * One account's profile.
 *
 * Upstream: `app.bsky.actor.getProfile?actor=<handle or DID>` (the AppView resolves handles itself); its 400
 * "Profile not found" is 404.
 * @returns `{ data: Profile, source: "appview:getProfile" }`.
 * @throws ServiceError 404 `profile_not_found`, 502 `upstream_*`.
 */
export const profileHandler: HandlerFor<typeof profileSpec, MicroblogsiteEnv> = async (params, ctx) => {
  const body = await new AppView(ctx).get("app.bsky.actor.getProfile", { actor: params.url }, () =>
    profileMissing(params.url),
  );
  return {
    data: readProfile(readAnswer(rawProfileDetailed, body, "getProfile"), ctx.platform),
    source: "appview:getProfile",
  };
};
