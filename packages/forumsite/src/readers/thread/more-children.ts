import { fail } from "../../errors.ts";
import { readComment } from "../comment.ts";
import { asRecord, list, record, str } from "../json.ts";
import { readThing } from "../listing.ts";
import { commentItem, continueItem, moreItem, type ThreadItem } from "./items.ts";
import type { SkipCounter } from "./tree.ts";

/**
 * Reader of `POST /api/morechildren` (form `api_type=json`, `link_id`, `children`, `sort`): the answer
 * `{ json: { errors: [], data: { things: [...] } } }` lists the requested comments and their replies flat, in thread
 * order, each with its `parent_id`, plus `more` stubs for what it did not send — including, when it answered only
 * part of the request, a stub with the remaining ids under the same parent.
 *
 * Only what the request asked for is kept: a direct child of the stub's parent must be one of the requested ids, and
 * anything else must hang below a kept comment. A remainder stub is kept only when it is smaller than the request
 * (so resolving stubs always makes progress and cannot loop).
 */

/** The stub being resolved. */
export interface MoreRequest {
  parentFullname: string;
  depth: number;
  ids: readonly string[];
}

/**
 * Reads a morechildren answer into thread items (see the module comment).
 * @throws ServiceError 502 `upstream_error` when the answer reports errors or has no `things`.
 */
export function readMoreChildren(json: unknown, request: MoreRequest, counter: SkipCounter): ThreadItem[] {
  const envelope = record(asRecord(json), "json");
  const errors = list(envelope, "errors");
  const things = record(envelope, "data")?.things;
  if (errors.length > 0 || !Array.isArray(things))
    throw fail("upstream_error", "forumsite refused to load more comments", {
      retryAfterSeconds: 5,
      details: { upstreamErrors: errors.slice(0, 3) },
    });
  const requested = new Set(request.ids);
  const answered = new Set<string>();
  const depthOf = new Map<string, number>([[request.parentFullname, request.depth - 1]]);
  const items: ThreadItem[] = [];
  for (const entry of things) {
    const thing = readThing(entry);
    const parent = str(thing?.data, "parent_id");
    if (!thing || !parent || !depthOf.has(parent)) {
      counter.skipped++;
      continue;
    }
    const depth = (depthOf.get(parent) as number) + 1;
    const direct = parent === request.parentFullname;
    if (thing.kind === "t1") {
      const comment = readComment(thing.data, { parentFullname: parent, depth });
      if (!comment || (direct && !requested.has(comment.id))) {
        counter.skipped++;
        continue;
      }
      if (direct) answered.add(comment.id);
      depthOf.set(comment.fullname, depth);
      items.push(commentItem(comment));
    } else if (thing.kind === "more") {
      let ids = list(thing.data, "children").filter(
        (id): id is string => typeof id === "string" && id !== "",
      );
      if (direct) ids = ids.filter((id) => requested.has(id) && !answered.has(id));
      if (direct && (ids.length === 0 || ids.length >= requested.size)) continue;
      if (ids.length > 0) items.push(moreItem(parent, depth, ids));
      else if (!direct && str(thing.data, "id") === "_") items.push(continueItem(parent, depth));
    } else counter.skipped++;
  }
  return items;
}
