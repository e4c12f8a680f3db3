/**
 * How monitors read a list operation's items, declared by the operation's platform package (its `src/monitor.ts`)
 * and keyed by operation id, so core never lists paths. `POST /v1/monitors` accepts exactly the operations that have
 * a rule; each run diffs `items(data)` by `itemId(item)` against the monitor's seen set and delivers the new ones.
 * (Details operations are tracked through `POST /v1/history/track`, from the History declarations.)
 */
export interface MonitorRule {
  /** The items of one answer's `data`, in the platform's order (an empty array when the field is missing). */
  items(data: unknown): unknown[];
  /** The item's stable id (unique within the operation's answers), or null when the item has none (skipped). */
  itemId(item: unknown): string | null;
  /**
   * Optional: the items one run delivers, chosen from its fresh ones (the items whose id was not in the seen set, in
   * answer order). For a rule whose `items` lists several keyed views of one resource (an ad as `new`, as a new
   * version, as stopped), so a run delivers one item per resource. Default: every fresh item.
   */
  deliverable?(fresh: unknown[]): unknown[];
}

/** Monitor rules of a platform's operations, by operation id (e.g. `videosite.comments`). */
export type MonitorRules = Readonly<Record<string, MonitorRule>>;

function field(value: unknown, name: string): unknown {
  return value !== null && typeof value === "object" ? (value as Record<string, unknown>)[name] : undefined;
}

function idOf(value: unknown): string | null {
  if (typeof value === "string" && value.length > 0) return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return null;
}

/**
 * The common rule: items are the array at `data[listField]`, each identified by its `idField` (default `id`; a list
 * of fields means the first one present, e.g. `["id", "shortcode"]`).
 * @param prefixField when set, the id is `<item[prefixField]>:<item[idField]>` (search results mix kinds whose ids
 *   could collide, e.g. a video and a playlist).
 */
export function itemsAt(
  listField: string,
  idField: string | readonly string[] = "id",
  prefixField?: string,
): MonitorRule {
  const idFields = typeof idField === "string" ? [idField] : idField;
  return {
    items(data) {
      const list = field(data, listField);
      return Array.isArray(list) ? list : [];
    },
    itemId(item) {
      let id: string | null = null;
      for (const name of idFields) id ??= idOf(field(item, name));
      if (id === null || prefixField === undefined) return id;
      const prefix = idOf(field(item, prefixField));
      return prefix === null ? id : `${prefix}:${id}`;
    },
  };
}
