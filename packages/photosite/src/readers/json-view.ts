/**
 * A read-only view over untyped platform JSON. Every reader of this package goes through it, so a missing, null or
 * re-shaped part reads as `null` (or an empty list) instead of throwing; the readers turn that into null fields.
 *
 * `view(value).at("user", "username").string()` reads `value.user.username` when it is a string, else null.
 */
export class JsonView {
  /** The wrapped JSON value (undefined when the path did not exist). */
  readonly value: unknown;

  constructor(value: unknown) {
    this.value = value;
  }

  /** The view at `path` (object keys or array indexes); a missing step gives an empty view. */
  at(...path: (string | number)[]): JsonView {
    let current: unknown = this.value;
    for (const step of path) {
      if (typeof step === "number") current = Array.isArray(current) ? current[step] : undefined;
      else current = isRecord(current) ? current[step] : undefined;
    }
    return new JsonView(current);
  }

  /** True when the value is a JSON object. */
  isObject(): boolean {
    return isRecord(this.value);
  }

  /** True when the value is neither undefined nor null. */
  exists(): boolean {
    return this.value !== undefined && this.value !== null;
  }

  /** The string at `path` (an empty string included). */
  string(...path: (string | number)[]): string | null {
    const value = this.at(...path).value;
    return typeof value === "string" ? value : null;
  }

  /** The string at `path` when it is not empty (the platform writes "" for "none" in many places). */
  text(...path: (string | number)[]): string | null {
    const value = this.string(...path);
    return value === null || value.trim() === "" ? null : value;
  }

  /** The finite number at `path`. */
  number(...path: (string | number)[]): number | null {
    const value = this.at(...path).value;
    return typeof value === "number" && Number.isFinite(value) ? value : null;
  }

  /** The integer at `path` (a JSON number, or a decimal string as v1 answers give some counts). */
  int(...path: (string | number)[]): number | null {
    const value = this.at(...path).value;
    if (typeof value === "number") return Number.isSafeInteger(value) ? value : null;
    if (typeof value === "string" && /^-?\d{1,15}$/.test(value)) return Number(value);
    return null;
  }

  /** The boolean at `path`; the v1 answers' `0`/`1` flags count as booleans. */
  bool(...path: (string | number)[]): boolean | null {
    const value = this.at(...path).value;
    if (typeof value === "boolean") return value;
    if (value === 0 || value === 1) return value === 1;
    return null;
  }

  /** An id at `path` as a decimal string: a string id, or a numeric one when it is still exact (≤ 2^53). */
  id(...path: (string | number)[]): string | null {
    const value = this.at(...path).value;
    if (typeof value === "string" && value !== "") return value;
    if (typeof value === "number" && Number.isSafeInteger(value)) return String(value);
    return null;
  }

  /** The elements of the array at `path` as views (an empty list when it is not an array). */
  list(...path: (string | number)[]): JsonView[] {
    const value = this.at(...path).value;
    return Array.isArray(value) ? value.map((item) => new JsonView(item)) : [];
  }

  /** The nodes of a Relay/Graph connection at `path` (`{edges: [{node}]}`). */
  edges(...path: (string | number)[]): JsonView[] {
    return this.list(...path, "edges").map((edge) => edge.at("node"));
  }

  /** The first view among `candidates` whose value exists. */
  static first(...candidates: JsonView[]): JsonView {
    return candidates.find((candidate) => candidate.exists()) ?? new JsonView(undefined);
  }
}

/** Wraps a parsed JSON value in a {@link JsonView}. */
export function view(value: unknown): JsonView {
  return new JsonView(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
