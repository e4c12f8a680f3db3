import { itemsAt, type MonitorRule } from "@sda/contract";

/**
 * How monitors read the audiosite lists (first page per run): rows keyed by their id; likes by `<type>:<id>` of the
 * liked track or playlist; chart entries and search results by their track's (or row's) kind and id.
 */

const field = (value: unknown, name: string): unknown =>
  value !== null && typeof value === "object" ? (value as Record<string, unknown>)[name] : undefined;

/** A rule whose items are `data[listField]`, each keyed by `key(item)`. */
function keyedRule(listField: string, key: (item: unknown) => string | null): MonitorRule {
  return {
    items: (data) => {
      const list = field(data, listField);
      return Array.isArray(list) ? list : [];
    },
    itemId: key,
  };
}

const idIn = (value: unknown): string | null => {
  const id = field(value, "id");
  return typeof id === "string" && id ? id : null;
};

/** The audiosite operations monitors may run, by operation name. */
export const audiositeMonitors = {
  "user-tracks": itemsAt("tracks"),
  "track-comments": itemsAt("comments"),
  "user-likes": keyedRule("likes", (like) => {
    const type = field(like, "type");
    const id = idIn(field(like, type === "playlist" ? "playlist" : "track"));
    return typeof type === "string" && id ? `${type}:${id}` : null;
  }),
  "user-playlists": itemsAt("playlists"),
  "user-albums": itemsAt("playlists"),
  "user-followings": itemsAt("users"),
  playlist: itemsAt("tracks"),
  search: itemsAt("results", "id", "type"),
  charts: keyedRule("entries", (entry) => idIn(field(entry, "track"))),
} satisfies Record<string, MonitorRule>;
