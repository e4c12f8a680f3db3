import { fail } from "../errors.ts";
import { type Actor, RECORD_KINDS, type RecordKind, type RecordRef } from "../inputs/refs.ts";
import type { AppView } from "./appview.ts";

/** The error of an account that does not exist (or whose handle resolves to none). */
export const profileMissing = (actor: Actor) => fail("profile_not_found", `account ${actor} does not exist`);

/**
 * The DID of an account: a DID as is, a handle through `com.atproto.identity.resolveHandle` (the AppView's answer;
 * `at://` URIs the AppView matches are in DID form, so a `bsky.app/profile/<handle>/post/…` link is resolved first).
 * @throws ServiceError 404 `profile_not_found` when the handle resolves to no account, 502 `upstream_*`.
 */
export async function resolveDid(appview: AppView, actor: Actor): Promise<string> {
  if (actor.startsWith("did:")) return actor;
  const body = await appview.get("com.atproto.identity.resolveHandle", { handle: actor }, () =>
    profileMissing(actor),
  );
  const did = (body as { did?: unknown } | null)?.did;
  if (typeof did !== "string" || !did.startsWith("did:"))
    throw fail("upstream_error", "microblogsite answered resolveHandle without a DID", {
      details: { handle: actor },
    });
  return did;
}

/**
 * The `at://<DID>/<collection>/<rkey>` URI of a record named by a link or URI (its handle resolved).
 * @throws what {@link resolveDid} throws.
 */
export async function atUriOf(appview: AppView, kind: RecordKind, ref: RecordRef): Promise<string> {
  const did = await resolveDid(appview, ref.actor);
  return `at://${did}/${RECORD_KINDS[kind].collection}/${ref.rkey}`;
}
