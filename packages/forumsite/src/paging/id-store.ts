import { createHash } from "node:crypto";
import type { OperationContext } from "@sda/contract";
import { fail } from "../errors.ts";

/**
 * The ids of an unresolved `more` stub travel in the comment cursor. A stub can hold thousands of ids (a popular
 * thread's top-level stub held 4,918), far more than a URL can carry, so lists longer than {@link INLINE_IDS} are
 * stored in the platform's store under their content hash (`ids:<sha256>`, kept {@link IDS_TTL_SECONDS})
 * and the cursor holds the reference. Equal lists share one entry, and storing is idempotent.
 */

/** A list of comment ids: inline, or a reference to the stored list. */
export type IdList = string[] | { ref: string; n: number };

export const INLINE_IDS = 20;
/** How long a stored list (and so a cursor that refers to it) stays usable: 7 days, beyond the 24 h result cache. */
export const IDS_TTL_SECONDS = 7 * 24 * 3600;

type StoreContext = Pick<OperationContext, "store">;

const keyOf = (ref: string) => `ids:${ref}`;

/** Packs ids for a cursor, storing long lists. */
export async function packIds(ctx: StoreContext, ids: readonly string[]): Promise<IdList> {
  if (ids.length <= INLINE_IDS) return [...ids];
  const joined = ids.join(",");
  const ref = createHash("sha256").update(joined).digest("base64url").slice(0, 32);
  await ctx.store.set(keyOf(ref), joined, IDS_TTL_SECONDS * 1000);
  return { ref, n: ids.length };
}

/**
 * Unpacks ids from a cursor.
 * @throws ServiceError 400 `invalid_cursor` when a stored list has expired or is malformed.
 */
export async function unpackIds(ctx: StoreContext, list: IdList): Promise<string[]> {
  if (Array.isArray(list)) return list.filter((id) => typeof id === "string");
  const joined = typeof list?.ref === "string" ? await ctx.store.get(keyOf(list.ref)) : null;
  const ids = joined ? joined.split(",") : [];
  if (ids.length === 0 || ids.length !== list.n)
    throw fail("invalid_cursor", "cursor has expired; start again without a cursor", {
      details: { param: "cursor" },
    });
  return ids;
}
