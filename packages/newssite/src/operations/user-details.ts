import type { OperationContext } from "@sda/contract";
import { isServiceError } from "@sda/core";
import type { z } from "zod";
import { NewsClient } from "../client/client.ts";
import { fail } from "../errors.ts";
import { type NewsUser, readAlgoliaUser, readFirebaseUser } from "../readers/user.ts";
import { type userDetailsParams, userHandleOf } from "../spec/user-details.ts";

/**
 * One user's profile.
 *
 * Upstream: Firebase `GET /v0/user/<handle>.json`; its `null` means no such user. When Firebase fails otherwise, the
 * Algolia summary `GET /api/v1/users/<handle>` answers instead (its `submittedCount` is submissions + comments, where
 * Firebase counts every submitted item), and its 404 also means no such user.
 * @returns `{ data: NewsUser, source: "firebase:user" | "algolia:user" }`.
 * @throws ServiceError 404 `user_not_found`, 502 `upstream_*` (Algolia's, when both fail).
 */
export async function userDetailsHandler(
  params: z.output<typeof userDetailsParams>,
  ctx: OperationContext,
): Promise<{ data: NewsUser; source: string }> {
  const client = new NewsClient(ctx);
  const handle = userHandleOf(params);
  const missing = () => fail("user_not_found", `user ${handle} does not exist`);
  try {
    const user = readFirebaseUser(await client.firebase(`/v0/user/${handle}.json`));
    if (!user) throw missing();
    return { data: user, source: "firebase:user" };
  } catch (error) {
    if (!isServiceError(error) || !error.code.startsWith("upstream_") || ctx.signal.aborted) throw error;
    ctx.log.info({ err: error }, "newssite: Firebase user unavailable, reading the Algolia summary");
  }
  const response = await client.algolia(`/api/v1/users/${handle}`, {}, { acceptStatus: [404] });
  if (response.status === 404) throw missing();
  return { data: readAlgoliaUser(response.json()), source: "algolia:user" };
}
