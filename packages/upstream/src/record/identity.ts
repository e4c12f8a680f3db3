import { type RecordingRule, storedPath } from "@sda/contract";

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

/**
 * Query parameters never matched, on every platform (README §2 names them): page sizes, API keys, response shaping,
 * signatures and expiry. A platform adds its own in its `recording.volatileQuery`.
 */
const VOLATILE_QUERY = new Set([
  "prettyPrint",
  "key",
  "$fields",
  "hl",
  "gl",
  "limit",
  "count",
  "first",
  "page_size",
  "signature",
  "sig",
  "lsig",
  "sparams",
  "expire",
  "access_token",
  "_",
]);

/** Body fields never matched on any platform: page sizes (README §2), at any depth. */
const VOLATILE_BODY = [/(^|\.)(count|first|last|page_size|limit)$/];

function isVolatileBody(key: string, rule: RecordingRule): boolean {
  if (rule.identityBody?.includes(key)) return false;
  return [...VOLATILE_BODY, ...(rule.volatileBody ?? [])].some((pattern) => pattern.test(key));
}

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
function bodyIdentity(body: string, contentType: string, rule: RecordingRule): Record<string, unknown> {
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
  return Object.fromEntries(Object.entries(fields).filter(([key]) => !isVolatileBody(key, rule)));
}

/**
 * Builds the identity `_match` of one request, by the platform's recording rule (its `definePlatform({ recording })`:
 * the path rule the replay applies, its volatile keys) on top of the service-wide volatile keys.
 * @param url the live URL; @param body the request body text.
 */
export function matchFor(
  rule: RecordingRule,
  method: string,
  url: string,
  body: string | undefined,
  contentType: string,
): RecordedMatch {
  const parsed = new URL(url);
  const match: RecordedMatch = { method: method.toUpperCase(), path: storedPath(parsed.pathname, rule.path) };
  const only = rule.queryOnly?.[parsed.pathname];
  const query: Record<string, unknown> = {};
  for (const [name, value] of parsed.searchParams) {
    if (Object.hasOwn(query, name)) continue;
    if (only ? !only.includes(name) : VOLATILE_QUERY.has(name) || rule.volatileQuery?.includes(name))
      continue;
    query[name] = value;
  }
  if (Object.keys(query).length > 0) match.query = query;
  if (body) {
    const fields = bodyIdentity(body, contentType, rule);
    if (Object.keys(fields).length > 0) match.body = fields;
  }
  return match;
}
