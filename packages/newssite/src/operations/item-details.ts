import type { OperationContext } from "@sda/contract";
import type { z } from "zod";
import { mapBounded } from "../client/bounded.ts";
import { ITEM_CONCURRENCY, NewsClient } from "../client/client.ts";
import { fail } from "../errors.ts";
import {
  type NewsItem,
  type PollOption,
  pollOptionOf,
  pollPartIds,
  readFirebaseItem,
} from "../readers/item.ts";
import type { itemDetailsParams } from "../spec/item-details.ts";

/**
 * One item: story, comment, job, poll (with its options and their votes) or poll option.
 *
 * Upstream: `GET /v0/item/<id>.json`; for a poll also `GET /v0/item/<part>.json` for each option in `parts`. An
 * option Firebase answers `null` for keeps its place with `text` and `votes` null.
 * @returns `{ data: NewsItem, source: "firebase:item" }` (`+pollopts` for a poll).
 * @throws ServiceError 404 `item_not_found` when the platform answers `null`, 502 `upstream_*`.
 */
export async function itemDetailsHandler(
  params: z.output<typeof itemDetailsParams>,
  ctx: OperationContext,
): Promise<{ data: NewsItem; source: string }> {
  const client = new NewsClient(ctx);
  const raw = await client.item(params.url);
  const item = readFirebaseItem(raw);
  if (!item) throw fail("item_not_found", `item ${params.url} does not exist`);
  if (item.type !== "poll") return { data: item, source: "firebase:item" };
  const options = await mapBounded(pollPartIds(raw), ITEM_CONCURRENCY, async (id): Promise<PollOption> => {
    const option = readFirebaseItem(await client.item(id));
    return option ? pollOptionOf(option) : { id, text: null, votes: null };
  });
  return { data: { ...item, options }, source: "firebase:item+pollopts" };
}
