import fc from "fast-check";

// The generators of test/fuzz-routes.test.ts (issue 21 #4): hostile strings, dates, JSON values and bodies, and the
// VALID queries and bodies of the routes that one hostile part is put into.

/** A documented route: its method, path, query parameter names and top-level body property names. */
export interface RouteDoc {
  method: string;
  path: string;
  /** Query parameter names (from the document). */
  query: string[];
  /** Top-level body property names (from the document), or null without a JSON body. */
  body: string[] | null;
}

/** Inputs that broke a route before (issue 21 #4), or are classic troublemakers. */
const NASTY = [
  "\u0000",
  "a\u0000b",
  "%00",
  "\ud800",
  "%",
  "%E0%A4",
  "../../etc/passwd",
  "1000000d",
  "9999999d",
  "99999999999999999999",
  "1".repeat(21),
  "9".repeat(25),
  `${"1".repeat(22)}_1`,
  "-1",
  "NaN",
  "1e308",
  "[]",
  "{}",
  "mon_0123456789abcdef",
  "bat_0123456789abcdef",
  "whd_0123456789abcdef",
  "job_0123456789abcdef",
  "key_0123456789abcdef",
  "https://198.18.0.1/h",
  "https://[::127.0.0.1]/h",
  "http://127.0.0.1/",
  "https://www.instagram.com/p/%/",
  "https://www.youtube.com/watch?v=%E0%A4",
  "a".repeat(3000),
];

/**
 * Dates at and past the edges: year 0, the last and first instants JavaScript can hold (±8.64e15 ms: years 275760 and
 * -271821), one step past them, negative and six-digit years, and impossible days and hours.
 */
const EXTREME_DATES = [
  "0000-01-01",
  "0000-01-01T00:00:00Z",
  "-000001-12-31T23:59:59Z",
  "-271821-04-20T00:00:00.000Z",
  "-271821-04-19T23:59:59.999Z",
  "275760-09-13",
  "+275760-09-13T00:00:00.000Z",
  "+275760-09-13T00:00:00.001Z",
  "9999-12-31",
  "9999-12-31T23:59:59.999+14:00",
  "1969-12-31T23:59:59.999Z",
  "2026-02-30",
  "2026-11-24T25:00:00Z",
  "-1",
  "8640000000000001",
];

const hostileDate = fc.oneof(
  fc.constantFrom(...EXTREME_DATES),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
);

export const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 1, arbitrary: hostileDate },
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 12 }),
  fc.integer().map(String),
);

export const hostileJson = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(hostileString, tie("value"), { maxKeys: 3 }),
  ),
})).value;

/** A body nested `depth` levels in `calls` (issue 21 #4: 5,000 levels overflowed the batch's canonical JSON). */
export const deepBody = fc
  .integer({ min: 30, max: 20_000 })
  .map((depth) => `{"calls":${"[".repeat(depth)}${"]".repeat(depth)}}`);

/** Recorded resources of each platform, for valid queries and bodies (another platform's routes get videosite's). */
const VALID_URLS: Record<string, string> = {
  videosite: "https://www.youtube.com/watch?v=M4gD1WSo5mA",
  photosite: "https://www.instagram.com/nasa/",
  forumsite: "https://www.reddit.com/r/rust/",
  newssite: "https://news.ycombinator.com/item?id=8863",
};
const urlFor = (path: string): string =>
  VALID_URLS[path.split("/")[2] ?? ""] ?? "https://www.youtube.com/watch?v=M4gD1WSo5mA";

/** Valid values of common query parameters; a route's parameters not named here are left out of its valid query. */
const VALID_QUERY: Record<string, string> = {
  limit: "5",
  q: "rust async",
  query: "rust async",
  from: "2026-11-01",
  to: "2026-11-30",
  days: "7",
  status: "error",
  operation: "videosite.transcript",
  interval: "day",
};

/** A valid query of `route` (its `url` a resource of its platform). */
export function validQuery(route: RouteDoc): Record<string, string> {
  const query: Record<string, string> = {};
  for (const name of route.query) {
    const value = name === "url" ? urlFor(route.path) : VALID_QUERY[name];
    if (value !== undefined) query[name] = value;
  }
  return query;
}

/** A valid JSON body of each route that takes one (`{}` for the others). */
export function validBody(route: RouteDoc): Record<string, unknown> {
  switch (`${route.method} ${route.path}`) {
    case "POST /v1/batch":
      return {
        label: "nightly",
        calls: [
          { path: "/v1/videosite/transcript", params: { url: VALID_URLS.videosite } },
          { path: "/v1/forumsite/post-details", params: { url: "haucpf" } },
        ],
      };
    case "POST /v1/monitors":
      return {
        path: "/v1/videosite/comments",
        params: { url: "https://www.youtube.com/watch?v=xaQJbozY_Is", limit: 50 },
        schedule: { every: "15m" },
        webhookUrl: "http://127.0.0.1:9/hooks/sda",
        description: "new comments on our launch video",
      };
    case "PATCH /v1/monitors/{monitorId}":
      return {
        schedule: { every: "1h" },
        description: "renamed",
        params: { url: VALID_URLS.videosite, limit: 20 },
      };
    case "POST /v1/history/track":
      return { url: VALID_URLS.videosite, every: "1h" };
  }
  return {};
}

type FieldPath = (string | number)[];

/** The paths of every leaf (string, number, boolean, null, empty container) of a JSON value. */
function leafPaths(value: unknown, path: FieldPath = []): FieldPath[] {
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : value !== null && typeof value === "object"
      ? Object.entries(value)
      : [];
  return entries.length ? entries.flatMap(([k, v]) => leafPaths(v, [...path, k])) : [path];
}

/** A copy of `base` with the value at `path` replaced by `value`. */
function replacedAt(base: unknown, path: FieldPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1] as string | number] = value;
  return copy;
}

/** `base` with ONE hostile part: one leaf replaced by a `hostile` value, or one hostile key added at the top. */
export function withOneHostilePart<T>(base: Record<string, unknown>, hostile: fc.Arbitrary<T>) {
  const spots = leafPaths(base).filter((p) => p.length > 0);
  return fc
    .tuple(fc.nat({ max: spots.length }), hostile, hostileString)
    .map(([i, value, key]) =>
      i < spots.length ? replacedAt(base, spots[i] ?? [], value) : { ...base, [key]: value },
    );
}
