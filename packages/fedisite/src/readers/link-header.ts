/**
 * Mastodon pages lists by the `Link` header only (RFC 8288): `<https://…?max_id=…>; rel="next", <…?min_id=…>;
 * rel="prev"`; bodies carry no cursor. Trends page by `offset` the same way.
 */

/** The target URL of relation `rel` in a `Link` header, or null. */
export function linkTarget(header: string | string[] | undefined, rel: string): URL | null {
  const value = Array.isArray(header) ? header.join(", ") : header;
  if (!value) return null;
  for (const match of value.matchAll(/<([^>]*)>\s*((?:;\s*[^;,]+)*)/g)) {
    const params = match[2] ?? "";
    const rels = /;\s*rel\s*=\s*"?([^";]+)"?/i.exec(params)?.[1]?.toLowerCase().split(/\s+/) ?? [];
    if (!rels.includes(rel)) continue;
    try {
      return new URL(match[1] ?? "");
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The continuation of a list page: a query parameter (`max_id` for timelines and account lists, `offset` for trends)
 * of the `rel="next"` link, verbatim; null when there is no next page.
 */
export function nextPageParam(header: string | string[] | undefined, param: string): string | null {
  return linkTarget(header, "next")?.searchParams.get(param) ?? null;
}
