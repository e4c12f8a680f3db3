import { defineOperationSpec, fixed } from "@sda/contract";
import { accountListParams } from "../inputs/params.ts";
import { accountListOutput } from "./shapes.ts";

/** `GET /v1/fedisite/followers`: 2 credits per page, 0 for an empty one. */
export const followersSpec = defineOperationSpec({
  name: "followers",
  summary:
    "Accounts following an account (`url`: profile link or handle), newest first, with `limit` and `cursor`; empty where the account hides its network.",
  params: accountListParams,
  output: accountListOutput,
  price: fixed(2),
  cache: { mode: "optIn" },
});
