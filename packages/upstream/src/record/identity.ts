import type { Platform } from "@sda/core";

/**
 * The `_match` of a recorded exchange (corpus README §2): method, path, and only the **identity** fields of the query
 * and body — what the answer depends on. Volatile fields (client context and versions, counters, page sizes,
 * signatures, expiry, session fields) are left out, so a later request for the same resource matches the recording.
 */
export interface RecordedMatch {
  method: string;
  path: string;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
}

/** Query parameters never matched, on every platform (README §2 names them). */
const VOLATILE_QUERY = new Set([
  "prettyPrint",
  "key",
  "$fields",
  "raw_json",
  "hl",
  "gl",
  "limit",
  "count",
  "first",
  "page_size",
  "cpn",
  "cver",
  "c",
  "signature",
  "sig",
  "lsig",
  "sparams",
  "expire",
  "ei",
  "ip",
  "ipbits",
  "pot",
  "access_token",
  "_",
]);

/** Videosite: `t` is a timestamp there (on the forum it is the timeframe, an identity field). */
const VOLATILE_QUERY_BY_PLATFORM: Partial<Record<Platform, ReadonlySet<string>>> = {
  videosite: new Set(["t"]),
};

/** Media downloads match on the media and format only (README §3: `/videoplayback` on `{id, itag}`). */
const MEDIA_QUERY = new Set(["id", "itag"]);

/** Body fields (top-level names or dotted paths) never matched. */
const VOLATILE_BODY = [
  /^context(\.|$)/,
  /^cpn$/,
  /^playbackContext(\.|$)/,
  /^serviceIntegrityDimensions(\.|$)/,
  /^attestationRequest(\.|$)/,
  /^(contentCheckOk|racyCheckOk)$/,
  // Photo platform web session and page-load fields (README §2) and page sizes.
  /^(av|fb_dtsg|lsd|jazoest|__\w+|dpr|fb_api_caller_class|server_timestamps|variables\.__relay_internal__\w*)$/,
  /(^|\.)(count|first|last|page_size|limit)$/,
  /^(api_type|raw_json)$/,
];
/** `context.client.clientName` is identity: the same `/player` answers differently per client (README §3). */
const KEPT_CONTEXT = new Set(["context.client.clientName"]);

const isVolatileBody = (key: string) =>
  !KEPT_CONTEXT.has(key) && VOLATILE_BODY.some((pattern) => pattern.test(key));

/** Flattens a JSON value into dotted leaf paths (arrays are one leaf, compared whole; nulls are skipped). */
function flatten(value: unknown, prefix: string, into: Record<string, unknown>): void {
  if (value === null || value === undefined) return;
  if (typeof value === "object" && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value as Record<string, unknown>))
      flatten(inner, prefix ? `${prefix}.${key}` : key, into);
    return;
  }
  into[prefix] = value;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The identity fields of a request body: JSON leaves, or form fields (a JSON-valued field is read by its paths). */
function bodyIdentity(body: string, contentType: string): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const trimmed = body.trim();
  const json = contentType.includes("json") || trimmed.startsWith("{") ? parseJson(trimmed) : undefined;
  if (json !== undefined && typeof json === "object") flatten(json, "", fields);
  else
    for (const [name, value] of new URLSearchParams(body)) {
      if (Object.hasOwn(fields, name)) continue;
      const inner = value.startsWith("{") ? parseJson(value) : undefined;
      // Rule 4b: a dotted key reaches into a JSON-valued field; its leaves are compared as JSON values.
      if (inner !== undefined && typeof inner === "object" && inner !== null) flatten(inner, name, fields);
      else fields[name] = value;
    }
  return Object.fromEntries(Object.entries(fields).filter(([key]) => !isVolatileBody(key)));
}

/** The stored path: forumsite paths lose one trailing `/` and one `.json` (README §2 rule 2). */
function matchPath(pathname: string, platform: Platform): string {
  if (platform !== "forumsite") return pathname;
  let path = pathname;
  if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
  if (path.endsWith(".json")) path = path.slice(0, -5);
  return path;
}

/**
 * Builds the identity `_match` of one request.
 * @param platform which platform's path rule applies; @param url the live URL; @param body the request body text.
 */
export function matchFor(
  platform: Platform,
  method: string,
  url: string,
  body: string | undefined,
  contentType: string,
): RecordedMatch {
  const parsed = new URL(url);
  const match: RecordedMatch = { method: method.toUpperCase(), path: matchPath(parsed.pathname, platform) };
  const media = parsed.pathname === "/videoplayback";
  const volatile = VOLATILE_QUERY_BY_PLATFORM[platform];
  const query: Record<string, unknown> = {};
  for (const [name, value] of parsed.searchParams) {
    if (Object.hasOwn(query, name)) continue;
    if (media ? !MEDIA_QUERY.has(name) : VOLATILE_QUERY.has(name) || volatile?.has(name)) continue;
    query[name] = value;
  }
  if (Object.keys(query).length > 0) match.query = query;
  if (body) {
    const fields = bodyIdentity(body, contentType);
    if (Object.keys(fields).length > 0) match.body = fields;
  }
  return match;
}
