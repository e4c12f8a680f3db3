import { fail } from "../errors.ts";
import { type PostRef, parsePostRef } from "../inputs/post-url.ts";
import type { ForumClient } from "./client.ts";

/**
 * The post id of a {@link PostRef}: the id itself, or the post a share link redirects to (upstream: `GET
 * https://www.reddit.com/r/<sub>/s/<token>`, answered 301 with `Location` = the post's permalink).
 * @returns the id and whether a share link was resolved (for `X-Service-Source`).
 * @throws ServiceError 404 `post_not_found` when the share link does not redirect to a post.
 */
export async function resolvePostId(
  client: ForumClient,
  ref: PostRef,
): Promise<{ id: string; viaShareLink: boolean }> {
  if (ref.kind === "id") return { id: ref.id, viaShareLink: false };
  const location = await client.redirectOf(ref.path);
  const target = location ? parsePostRef(location) : null;
  if (target?.kind === "ok" && target.value.kind === "id") return { id: target.value.id, viaShareLink: true };
  throw fail("post_not_found", "the share link does not lead to a post", {
    details: { shareLink: ref.path },
  });
}
