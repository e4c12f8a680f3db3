import { defineOperationSpec, fixed } from "@sda/contract";
import { accountListParams } from "../inputs/params.ts";
import { accountListOutput } from "./shapes.ts";

/** `GET /v1/fedisite/following`: 2 credits per page, 0 for an empty one. */
export const followingSpec = defineOperationSpec({
  name: "following",
  summary:
    "Accounts an account follows (`url`: profile link or handle), newest first, with `limit` and `cursor`; empty where the account hides its network.",
  params: accountListParams,
  output: accountListOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});
