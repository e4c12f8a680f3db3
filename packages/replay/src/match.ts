import { isDeepStrictEqual } from "node:util";
import { comparedPath, type RecordingRule, type ReplayPathRule } from "@sda/contract";
import type { CorpusEntry, MatchSpec } from "./har.ts";

/**
 * Each platform's recording rule (its `definePlatform({ recording })`), by platform folder name; the replay applies
 * its `path` part. A platform not named compares exactly.
 */
export type RecordingRules = Readonly<Record<string, RecordingRule>>;

/** An incoming request, reduced to what the matching rules compare (corpus README §2). */
export interface IncomingRequest {
  method: string;
  /**
   * The host the request names (its `Host` header, lower case): the live host when the upstream client routed it to
   * the replay, which keeps the original host as an HTTP proxy does. Compared only with entries that carry
   * `_match.host`.
   */
  host: string;
  path: string;
  /** Decoded query parameters (first value of repeated keys). */
  query: Record<string, string>;
  /** Parsed body: a JSON value, or the decoded fields of a form body. */
  body:
    | { kind: "json"; value: unknown }
    | { kind: "form"; fields: Record<string, string> }
    | { kind: "none" };
}

type Lookup = { present: false } | { present: true; value: unknown };
const ABSENT: Lookup = { present: false };

function dotted(value: unknown, key: string): Lookup {
  let current = value;
  for (const part of key.split(".")) {
    if (current === null || typeof current !== "object" || Array.isArray(current) || !(part in current))
      return ABSENT;
    current = (current as Record<string, unknown>)[part];
  }
  return { present: true, value: current };
}

/** Rule 4b (also used for the query, rule 3): exact field name first, else a dotted path into a JSON field. */
function formField(fields: Record<string, string>, key: string): Lookup {
  if (Object.hasOwn(fields, key)) return { present: true, value: fields[key] };
  const dot = key.indexOf(".");
  if (dot < 0) return ABSENT;
  const head = key.slice(0, dot);
  if (!Object.hasOwn(fields, head)) return ABSENT;
  try {
    return dotted(JSON.parse(fields[head] as string), key.slice(dot + 1));
  } catch {
    return ABSENT;
  }
}

function satisfies(expected: unknown, found: Lookup): boolean {
  if (expected === null) return !found.present;
  return found.present && isDeepStrictEqual(found.value, expected);
}

/** True when the request satisfies every rule of `spec` for an entry whose platform has path rule `rule`. */
function matches(spec: MatchSpec, rule: ReplayPathRule | undefined, request: IncomingRequest): boolean {
  if (spec.method !== request.method) return false;
  if (spec.host !== undefined && spec.host !== request.host) return false;
  if (comparedPath(spec.path, rule) !== comparedPath(request.path, rule)) return false;
  for (const [key, expected] of Object.entries(spec.query ?? {}))
    if (!satisfies(expected, formField(request.query, key))) return false;
  for (const [key, expected] of Object.entries(spec.body ?? {})) {
    const { body } = request;
    const found =
      body.kind === "json"
        ? dotted(body.value, key)
        : body.kind === "form"
          ? formField(body.fields, key)
          : ABSENT;
    if (!satisfies(expected, found)) return false;
  }
  return true;
}

/** Rule 5: the number of `_match` keys (method + path + host when given + query keys + body keys). */
function specificity(spec: MatchSpec): number {
  return (
    2 +
    (spec.host === undefined ? 0 : 1) +
    Object.keys(spec.query ?? {}).length +
    Object.keys(spec.body ?? {}).length
  );
}

/**
 * Indexes entries by method and normalised path, and selects the most specific match for a request (rule 5).
 */
export class EntryIndex {
  readonly #byRoute = new Map<string, CorpusEntry[]>();
  readonly #platforms = new Set<string>();

  readonly #rules: RecordingRules;

  constructor(entries: readonly CorpusEntry[], rules: RecordingRules) {
    this.#rules = rules;
    for (const e of entries) {
      const path = comparedPath(e.entry._match.path, rules[e.platform]?.path);
      const key = `${e.entry._match.method} ${e.platform} ${path}`;
      const list = this.#byRoute.get(key) ?? [];
      list.push(e);
      this.#byRoute.set(key, list);
      this.#platforms.add(e.platform);
    }
  }

  /** The selected entry, or undefined when nothing matches (the server then answers the no-match 404). */
  select(request: IncomingRequest): CorpusEntry | undefined {
    let best: CorpusEntry | undefined;
    let bestScore = -1;
    for (const platform of this.#platforms) {
      const rule = this.#rules[platform]?.path;
      const key = `${request.method} ${platform} ${comparedPath(request.path, rule)}`;
      for (const candidate of this.#byRoute.get(key) ?? []) {
        const score = specificity(candidate.entry._match);
        if (score > bestScore && matches(candidate.entry._match, rule, request)) {
          best = candidate;
          bestScore = score;
        }
      }
    }
    return best;
  }
}
