import { cacheParam, defineOperationSpec, fixed } from "@sda/core";
import { z } from "zod";

/** Query parameters of `GET /v1/photosite/profile-search`: `q` = a brand, name or handle (2–100 characters). */
export const profileSearchParams = z.object({
  q: z
    .string()
    .trim()
    .transform((q) => q.replace(/^@/, ""))
    .pipe(z.string().min(2).max(100)),
  cache: cacheParam,
});

/** `GET /v1/photosite/profile-search`: 1 credit. */
export const profileSearchSpec = defineOperationSpec({
  name: "profile-search",
  summary:
    "Resolves a brand, name or handle to one public profile (the best match of the platform's search) with the match reason.",
  params: profileSearchParams,
  price: fixed(1),
  cache: { mode: "optIn" },
});
