import { cacheParam, cursorParam, defineOperationSpec, fixed, limitParam, listPage } from "@sda/contract";
import { z } from "zod";
import { actorParam } from "../inputs/refs.ts";
import { account } from "./shapes.ts";

/** Query parameters of `GET /v1/microblogsite/followers` (and of `/following`). */
export const followersParams = z.object({
  url: actorParam,
  limit: limitParam(50, 1000),
  cursor: cursorParam,
  cache: cacheParam,
});

/** `microblogsite.followers`: a page of the accounts following an account, newest first. */
export const followersOutput = listPage("users", account, {
  subject: account.nullable().describe("The account whose followers these are."),
});

/** `GET /v1/microblogsite/followers`: 2 credits per page, 0 for an empty one. */
export const followersSpec = defineOperationSpec({
  name: "followers",
  summary: "The accounts following an account (`url`), newest first, with `limit` and `cursor`.",
  params: followersParams,
  output: followersOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});
