import { cacheParam, count, defineOperationSpec, failWith, fixed, timestamp } from "@sda/contract";
import { z } from "zod";
import { fail } from "../errors.ts";
import { userRefParam } from "../inputs/user-ref.ts";

/**
 * Query parameters of `GET /v1/newssite/user-details`: `url` or `handle` (either form in either; `handle` wins when
 * both are given). A plain object (refined, not transformed) so the gateway keeps its `shape` for the cache key; read
 * it with {@link userHandleOf}.
 */
export const userDetailsParams = z
  .object({ url: userRefParam.optional(), handle: userRefParam.optional(), cache: cacheParam })
  .superRefine((params, ctx) => {
    if (params.handle === undefined && params.url === undefined)
      failWith(ctx, "missing_parameter", "url or handle is required", { param: "handle" });
  });

/**
 * The user named by user-details' parameters.
 * @throws ServiceError 400 `missing_parameter` when neither was given (the schema already refuses that).
 */
export function userHandleOf(params: z.output<typeof userDetailsParams>): string {
  const handle = params.handle ?? params.url;
  if (handle === undefined)
    throw fail("missing_parameter", "url or handle is required", {
      details: { param: "handle" },
    });
  return handle;
}

/** `newssite.user-details`: one user. */
export const userDetailsOutput = z.object({
  handle: z.string(),
  karma: z.int().nullable(),
  createdAt: timestamp.nullable(),
  about: z.string().nullable().describe("Self-description as HTML, as sent."),
  aboutPlain: z.string().nullable(),
  submittedCount: count.nullable(),
});

/** `GET /v1/newssite/user-details`: 1 credit. */
export const userDetailsSpec = defineOperationSpec({
  name: "user-details",
  summary: "One user (`url` or `handle`): karma, about (HTML and text), createdAt, submittedCount.",
  params: userDetailsParams,
  output: userDetailsOutput,
  price: fixed(1),
  cache: { mode: "optIn" },
});
