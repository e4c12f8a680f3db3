import type { OperationContext } from "@sda/contract";
import { fail } from "../errors.ts";
import type { RecordRef } from "../inputs/refs.ts";
import { readThreadRoot, type ThreadRoot } from "../readers/thread.ts";
import { AppView } from "./appview.ts";
import { atUriOf } from "./identity.ts";

/**
 * A post's thread (`app.bsky.feed.getPostThread`, no parents) from a post link or URI, its handle resolved first.
 * @param options.depth reply levels to read (0: the post alone).
 * @returns the post (its view's `node` for the replies) and its `at://` URI.
 * @throws ServiceError 404 `post_not_found` (the AppView's `NotFound`, a `#notFoundPost` or `#blockedPost` root),
 *   404 `profile_not_found`, 502 `upstream_*`.
 */
export async function readPostThread(
  ctx: OperationContext,
  ref: RecordRef,
  options: { depth: number },
): Promise<{ uri: string; root: Extract<ThreadRoot, { kind: "post" }> }> {
  const appview = new AppView(ctx);
  const uri = await atUriOf(appview, "post", ref);
  const missing = (why = "does not exist") => fail("post_not_found", `post ${uri} ${why}`);
  const body = await appview.get(
    "app.bsky.feed.getPostThread",
    { uri, depth: options.depth, parentHeight: 0 },
    () => missing(),
  );
  const root = readThreadRoot(body);
  if (root.kind !== "post")
    throw missing(root.kind === "blocked" ? "is hidden by a block" : "does not exist");
  return { uri, root };
}
