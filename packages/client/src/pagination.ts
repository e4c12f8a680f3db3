import type { Client, DataOf, GetPath, QueryOf } from "./client.ts";

/** A page of a list operation (SPEC §2.2). */
interface Page {
  totalReturned: number;
  nextCursor?: string | null;
  hasMore?: boolean;
}

/** The page's list: the array property holding `totalReturned` items (`comments`, `videos`, `posts`, `results`…). */
function defaultItems(page: Page): unknown[] {
  for (const value of Object.values(page))
    if (Array.isArray(value) && value.length === page.totalReturned) return value;
  return [];
}

type ItemOf<D> = D extends Page ? { [K in keyof D]: D[K] extends (infer I)[] ? I : never }[keyof D] : never;

/**
 * Iterates a list operation item by item across pages (`for await (const comment of paginate(client, path, query))`),
 * passing each answer's `nextCursor` as the next `cursor` until `hasMore` is false. Each page is one billed call.
 * @param items picks the page's list (default: the array of `totalReturned` items).
 * @param maxPages stops after this many pages (default: no limit).
 * @throws ApiError from any page's call.
 */
export async function* paginate<P extends GetPath, I = ItemOf<DataOf<P>>>(
  client: Client,
  path: P,
  query: QueryOf<P>,
  options: { items?: (page: DataOf<P>) => I[]; maxPages?: number } = {},
): AsyncGenerator<I, void, undefined> {
  let cursor: string | undefined;
  for (let page = 0; page < (options.maxPages ?? Number.POSITIVE_INFINITY); page++) {
    const data = await client.get(path, { ...query, ...(cursor ? { cursor } : {}) } as QueryOf<P>);
    const list = options.items ? options.items(data) : (defaultItems(data as Page) as I[]);
    yield* list;
    const { nextCursor, hasMore } = data as Page;
    if (!hasMore || !nextCursor) return;
    cursor = nextCursor;
  }
}
