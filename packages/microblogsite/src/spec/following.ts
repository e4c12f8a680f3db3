import { defineOperationSpec, fixed, listPage } from "@sda/contract";
import { followersParams } from "./followers.ts";
import { account } from "./shapes.ts";

/** Query parameters of `GET /v1/microblogsite/following`: those of followers. */
export const followingParams = followersParams;

/** `microblogsite.following`: a page of the accounts an account follows, newest first. */
export const followingOutput = listPage("users", account, {
  subject: account.nullable().describe("The account whose follows these are."),
});

/** `GET /v1/microblogsite/following`: 2 credits per page, 0 for an empty one. */
export const followingSpec = defineOperationSpec({
  name: "following",
  summary: "The accounts an account (`url`) follows, newest first, with `limit` and `cursor`.",
  params: followingParams,
  output: followingOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});
