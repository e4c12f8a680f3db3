import { cacheParam, count, countWithLabel, defineOperationSpec, fixed, url } from "@sda/contract";
import { z } from "zod";
import { userRef } from "./shapes.ts";

/** Query parameters of `GET /v1/photosite/profile-search`: `q` = a brand, name or handle (2–100 characters). */
export const profileSearchParams = z.object({
  q: z
    .string()
    .trim()
    .transform((q) => q.replace(/^@/, ""))
    .pipe(z.string().min(2).max(100)),
  cache: cacheParam,
});

/** One public profile for a brand or handle, with why it was chosen and the other candidates. */
export const profileSearchOutput = z.object({
  query: z.string(),
  profile: userRef.extend({
    url,
    position: count,
    ...countWithLabel("followers"),
  }),
  matchReason: z
    .string()
    .describe("`exact_username`, `exact_name`, `username_without_separators` or `top_result`."),
  matchedFrom: z.string().describe("`top_search` or `non_profiled_search`."),
  alternatives: z.array(
    z.object({
      username: z.string().nullable(),
      fullName: z.string().nullable(),
      verified: z.boolean().nullable(),
    }),
  ),
});

/** `GET /v1/photosite/profile-search`: 1 credit. */
export const profileSearchSpec = defineOperationSpec({
  name: "profile-search",
  summary:
    "Resolves a brand, name or handle to one public profile (the best match of the platform's search) with the match reason.",
  params: profileSearchParams,
  output: profileSearchOutput,
  price: fixed(1),
  cache: { mode: "optIn" },
});
