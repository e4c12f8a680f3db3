import type { z } from "zod";
import type { JsonSchema, SchemaSet } from "./schemas.ts";

/**
 * What the service's common query parameters mean (SPEC §4.1), for parameters whose schema carries no description of
 * its own (`.describe()` in the platform's params wins). Bounds and defaults are added from the schema itself.
 */
const COMMON_PARAMETERS: Record<string, string> = {
  url: "Public URL of the resource on the operation's own platform (a URL of another platform is refused, 422).",
  cursor: "Empty for the first page; then the previous answer's `nextCursor`.",
  limit: "Items per page.",
  cache:
    "`true`: the answer may come from the 24-hour cache, and a hit costs 0 credits (the audio transcript bills " +
    "hits). Default: fresh.",
  cacheMaxAge: "Serve a stored answer up to this age instead of fetching (`1d`, `3d`, `7d`, `14d`, `30d`).",
  language: "ISO 639 / BCP-47 language code (e.g. `en`, `pt-BR`). Default: auto-detect.",
  q: "Search query.",
  maxCredits:
    "Refuse the call (400 `cost_exceeds_max`, 0 credits) when its estimate is above this many credits.",
  fast: "`true`: read the platform's feed instead (exact times, thinner rows, no cursor).",
  sort: "Order of the results.",
  timeframe: "Time window of `top` and `controversial` orders.",
  handle: "The account's handle (with or without `@`), instead of `url`.",
  userId: "The platform's numeric user id, instead of resolving the handle.",
  region: "ISO 3166 alpha-2 country code.",
  type: "Kind of results.",
  sortBy: "Order of the results.",
  uploadDate: "Upload-date filter.",
  duration: "Length filter (long-form videos).",
  from: "Start of the window, ISO-8601.",
  to: "End of the window, ISO-8601.",
  operation: "Operation id (`videosite.transcript`).",
  status: "HTTP status of the calls.",
  days: "Days back from today (UTC), today included.",
  metrics: "Comma-separated metric names (default: every metric the resource records).",
  interval: "`raw` (every recorded minute), `hour` or `day` (last value of each UTC bucket).",
  comments: "Top comments included.",
  id: "The resource's id.",
  tag: "Hashtag without `#`.",
  audioId: "The platform's audio (sound) id.",
  highlightId: "The highlight album's id.",
  commentId: "The top-level comment whose replies to read (its `id` in the comments answer).",
  hashtag: "A hashtag, with or without `#` (trending reels: read that tag instead of the configured ones).",
  captioned: "`true`: the snippet includes the post's caption.",
  list: "Which site list: `top`, `new`, `best`, `ask`, `show` or `job`.",
  monitorId: "The monitor's `mon_…` id.",
  deliveryId: "The delivery's `whd_…` id (from the deliveries list).",
  batchId: "The batch's `bat_…` id (from its submission).",
};

/** Units of numeric parameters whose name says what they count. */
const UNITS: Record<string, string> = {
  limit: "items",
  maxCredits: "credits",
  days: "days",
  comments: "comments",
};

function bounds(schema: JsonSchema, unit: string | undefined): string {
  const parts: string[] = [];
  if (schema.default !== undefined)
    parts.push(
      `Default: \`${String(schema.default)}\`${unit && typeof schema.default === "number" ? ` ${unit}` : ""}.`,
    );
  if (typeof schema.minimum === "number") parts.push(`Minimum: ${schema.minimum}.`);
  if (typeof schema.maximum === "number") parts.push(`Maximum: ${schema.maximum}.`);
  if (typeof schema.minLength === "number") parts.push(`At least ${schema.minLength} characters.`);
  if (typeof schema.maxLength === "number" && schema.maxLength < 8192)
    parts.push(`At most ${schema.maxLength} characters.`);
  return parts.join(" ");
}

/** The description a parameter is published with: its meaning, then its default and bounds with units. */
function describe(name: string, schema: JsonSchema): string {
  const own = typeof schema.description === "string" ? schema.description : undefined;
  const meaning = own ?? COMMON_PARAMETERS[name] ?? `The \`${name}\` parameter.`;
  return [meaning, bounds(schema, UNITS[name])].filter(Boolean).join(" ");
}

/**
 * The value a parameter takes when absent, read by parsing nothing with its own schema (a default hidden behind a
 * preprocess step is not in its JSON Schema); undefined when it has none.
 */
function defaultOf(params: z.ZodType, name: string): unknown {
  const shape = (params as unknown as { shape?: Record<string, z.ZodType> }).shape;
  const parsed = shape?.[name]?.safeParse(undefined);
  return parsed?.success ? parsed.data : undefined;
}

/** OpenAPI query parameters of a zod object, from its input side (what callers send). */
export function queryParameters(params: z.ZodType, schemas: SchemaSet) {
  const schema = schemas.inline(params, "input") as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(schema.properties ?? {}).map(([name, found]) => {
    const fallback = found.default === undefined ? defaultOf(params, name) : undefined;
    const property =
      fallback === undefined || typeof fallback === "object"
        ? found
        : { ...found, default: found.type === "string" ? String(fallback) : fallback };
    const { description: _description, ...rest } = property;
    return {
      name,
      in: "query",
      required: schema.required?.includes(name) ?? false,
      description: describe(name, property),
      schema: rest,
    };
  });
}

/** Path parameters named in an OpenAPI path (`/v1/batch/{batchId}` → batchId), described by `notes`. */
export function pathParameters(path: string, notes: Record<string, string> = {}) {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => {
    const name = m[1] ?? "";
    return {
      name,
      in: "path",
      required: true,
      description: notes[name] ?? COMMON_PARAMETERS[name] ?? `The \`${name}\` of the resource.`,
      schema: { type: "string" },
    };
  });
}
