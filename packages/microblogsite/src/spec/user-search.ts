import { cacheParam, cursorParam, defineOperationSpec, fixed, limitParam, listPage } from "@sda/contract";
import { z } from "zod";
import { account } from "./shapes.ts";

/** Query parameters of `GET /v1/microblogsite/user-search`: accounts by handle, name and bio. */
export const userSearchParams = z.object({
  q: z.string().trim().min(2).max(512),
  limit: limitParam(25, 100),
  cursor: cursorParam,
  cache: cacheParam,
});

/** `microblogsite.user-search`: a page of accounts matching a search. */
export const userSearchOutput = listPage("users", account, { query: z.string() });

/** `GET /v1/microblogsite/user-search`: 1 credit per page, 0 for an empty one. */
export const userSearchSpec = defineOperationSpec({
  name: "user-search",
  summary: "Account search (`q`: handle, display name, bio), with `limit` and `cursor`.",
  params: userSearchParams,
  output: userSearchOutput,
  price: fixed(1),
  cache: { mode: "optIn" },
});
