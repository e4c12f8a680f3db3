import { arrayAt, isObject, objectAt, stringAt } from "./json.ts";

/**
 * Continuations: how innertube lists (comments, replies, channel tabs, playlists, search) hand out their next page.
 * A list ends with a `continuationItemRenderer` whose token is POSTed back as `{ continuation }`; the answer's
 * `onResponseReceivedEndpoints` / `onResponseReceivedActions` / `onResponseReceivedCommands` carry
 * `appendContinuationItemsAction` or `reloadContinuationItemsCommand` with the next `continuationItems`.
 */

/**
 * The token of a `continuationItemRenderer` item: the automatic trigger (`continuationEndpoint.continuationCommand`)
 * or the "Show more replies" button (`button.buttonRenderer.command.continuationCommand`).
 * @returns the token, or null when the item is not a continuation.
 */
export function continuationToken(item: unknown): string | null {
  const renderer = objectAt(item, "continuationItemRenderer");
  if (!renderer) return null;
  return (
    stringAt(renderer, "continuationEndpoint", "continuationCommand", "token") ??
    stringAt(renderer, "button", "buttonRenderer", "command", "continuationCommand", "token") ??
    stringAt(
      renderer,
      "continuationEndpoint",
      "commandExecutorCommand",
      "commands",
      1,
      "continuationCommand",
      "token",
    ) ??
    null
  );
}

/** The items of a continuation answer, in order, across every append/reload action it carries. */
export function continuationItems(answer: unknown): unknown[] {
  const actions = [
    ...arrayAt(answer, "onResponseReceivedEndpoints"),
    ...arrayAt(answer, "onResponseReceivedActions"),
    ...arrayAt(answer, "onResponseReceivedCommands"),
  ];
  return actions.flatMap((action) => {
    if (!isObject(action)) return [];
    return [
      ...arrayAt(action, "appendContinuationItemsAction", "continuationItems"),
      ...arrayAt(action, "reloadContinuationItemsCommand", "continuationItems"),
    ];
  });
}

/** A list's items without its trailing continuation, and that continuation's token (null at the end). */
export interface SplitItems {
  items: unknown[];
  next: string | null;
}

/** Separates the continuation item(s) from the content items of a list. */
export function splitContinuation(items: readonly unknown[]): SplitItems {
  let next: string | null = null;
  const content: unknown[] = [];
  for (const item of items) {
    const token = continuationToken(item);
    if (token !== null) next = token;
    else if (!objectAt(item, "continuationItemRenderer")) content.push(item);
  }
  return { items: content, next };
}
