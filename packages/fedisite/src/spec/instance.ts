import { cacheParam, defineOperationSpec, fixed } from "@sda/contract";
import { z } from "zod";
import { instanceParam } from "../inputs/links.ts";
import { fediInstance } from "./shapes.ts";

/** Query parameters of `GET /v1/fedisite/instance`: the instance's name or any link on it. */
export const instanceParams = z.object({ url: instanceParam, cache: cacheParam });

/** `fedisite.instance`: an instance's description. */
export const instanceOutput = fediInstance;

/** `GET /v1/fedisite/instance`: 1 credit. */
export const instanceSpec = defineOperationSpec({
  name: "instance",
  summary:
    "An instance (`url`: its name or any link on it): software version, registrations, contact, rules, totals and which timelines it serves logged out (`timelinesAccess`).",
  params: instanceParams,
  output: instanceOutput,
  price: fixed(1),
  cache: { mode: "optIn" },
});
