/**
 * How the recordings of one platform are matched (corpus README §2), declared by the platform (`definePlatform({
 * recording })`) as data: the replay applies `path` when it compares an incoming path with a recording, and record
 * mode (`packages/upstream/src/record/`) applies the whole rule when it writes a recording's `_match`. One object for
 * both, so a request the service records is the request the replay later finds.
 */
export interface RecordingRule {
  /** How paths compare (rule 2); default: exactly. */
  path?: ReplayPathRule;
  /**
   * Query parameters that are never identity on this platform (timestamps, client versions, counters), besides the
   * service-wide ones record mode always leaves out (page sizes, API keys, signatures, expiry).
   */
  volatileQuery?: readonly string[];
  /** Body keys (top-level names or dotted paths, as `_match.body` names them) never identity on this platform. */
  volatileBody?: readonly RegExp[];
  /** Body keys kept although a volatile pattern matches them (`context.client.clientName` under `context`). */
  identityBody?: readonly string[];
  /** Paths whose `_match.query` holds only these parameters (a media download matched on `{id, itag}`). */
  queryOnly?: Readonly<Record<string, readonly string[]>>;
  /**
   * Field names (query, form, JSON keys at any depth) whose values are secrets on this platform (session tokens of
   * its own names), redacted from recordings besides the service-wide ones (tokens, passwords, cookies).
   */
  secretFields?: readonly string[];
}

/**
 * How the replay upstream compares the incoming path with a recording of this platform (corpus README §2 rule 2).
 * Default: exact comparison.
 */
export interface ReplayPathRule {
  /** Remove one trailing `/` before comparing (a platform treating `/x/` as `/x`). */
  stripTrailingSlash?: boolean;
  /** Remove this suffix once, after the trailing slash (e.g. `.json`). */
  stripSuffix?: string;
  /** Compare case-insensitively (a platform whose names ignore case). */
  caseInsensitive?: boolean;
}

/**
 * The path as a recording stores it: one trailing `/` and then one suffix removed when the rule says so (case kept:
 * a case-insensitive platform is compared lower-cased, not stored so).
 */
export function storedPath(path: string, rule: ReplayPathRule | undefined): string {
  if (!rule) return path;
  let p = path;
  if (rule.stripTrailingSlash && p.length > 1 && p.endsWith("/")) p = p.slice(0, -1);
  if (rule.stripSuffix && p.endsWith(rule.stripSuffix)) p = p.slice(0, -rule.stripSuffix.length);
  return p;
}

/** The path as the replay compares it: {@link storedPath}, lower-cased for a case-insensitive platform. */
export function comparedPath(path: string, rule: ReplayPathRule | undefined): string {
  const stored = storedPath(path, rule);
  return rule?.caseInsensitive ? stored.toLowerCase() : stored;
}
