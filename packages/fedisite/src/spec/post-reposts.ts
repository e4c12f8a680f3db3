import { defineOperationSpec, fixed } from "@sda/contract";
import { postListParams } from "../inputs/params.ts";
import { postListOutput } from "./shapes.ts";

/** `GET /v1/fedisite/post-reposts`: 2 credits per page, 0 for an empty one. */
export const postRepostsSpec = defineOperationSpec({
  name: "post-reposts",
  summary:
    "Accounts that reposted (boosted) a post (`url`), as the instance asked knows them, with `limit` and `cursor`.",
  params: postListParams,
  output: postListOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});
