import { load } from "cheerio";
import { fail } from "../errors.ts";
import { findKey, holdsString, isObject, type JsonObject } from "./json-walk.ts";

/**
 * What a library page (`GET /ads/library/…`, served with HTTP 403 and the full page) is, decided on its body in the
 * corpus README's order: results (a `<script type="application/json">` block holding `search_results_connection`),
 * empty (that connection with `count` 0, or the "No ads match your search criteria" heading), not painted yet (the
 * library shell — `<title>Ad Library</title>` and the `AdLibraryFoundationRoot.react` module — without results) or
 * blocked (the JavaScript challenge that POSTs to `/__rd_verify_…`, a login or checkpoint page).
 */
export type LibraryPage =
  | { kind: "results"; connection: JsonObject; lsd: string | null }
  | { kind: "empty"; lsd: string | null }
  | { kind: "not_painted" }
  | { kind: "blocked"; reason: "challenge" | "login" };

const NO_RESULTS = "No ads match your search criteria";

/** The JSON of every `<script type="application/json">` block (blocks that are not JSON are skipped). */
function jsonBlocks(html: string): { $: ReturnType<typeof load>; blocks: unknown[] } {
  const $ = load(html);
  const blocks: unknown[] = [];
  $('script[type="application/json"]').each((_, element) => {
    try {
      blocks.push(JSON.parse($(element).text()));
    } catch {
      // not JSON (a trimmed or foreign block): not ours
    }
  });
  return { $, blocks };
}

/**
 * The page's `LSD` token (`["LSD",[],{"token":"…"}]` in a define block), the session field its GraphQL requests send;
 * null when the page holds none (the recordings keep none).
 */
function lsdOf(blocks: unknown[]): string | null {
  for (const block of blocks) {
    const defines = findKey(block, "define");
    if (!Array.isArray(defines)) continue;
    for (const entry of defines)
      if (
        Array.isArray(entry) &&
        entry[0] === "LSD" &&
        isObject(entry[2]) &&
        typeof entry[2].token === "string"
      )
        return entry[2].token;
  }
  return null;
}

/**
 * Reads a library page (see {@link LibraryPage}).
 * @throws ServiceError 502 `upstream_error` for a page that is none of these (not the Ad Library).
 */
export function readLibraryPage(html: string): LibraryPage {
  const { $, blocks } = jsonBlocks(html);
  for (const block of blocks) {
    const connection = findKey(block, "search_results_connection");
    if (isObject(connection)) {
      const lsd = lsdOf(blocks);
      const edges = Array.isArray(connection.edges) ? connection.edges : [];
      return connection.count === 0 && edges.length === 0
        ? { kind: "empty", lsd }
        : { kind: "results", connection, lsd };
    }
  }
  const scripts = $("script:not([type])")
    .map((_, element) => $(element).text())
    .get()
    .join("\n");
  if (scripts.includes("/__rd_verify_") || scripts.includes("executeChallenge"))
    return { kind: "blocked", reason: "challenge" };
  if ($('form[action*="/login"]').length > 0 || $('form[action*="/checkpoint"]').length > 0)
    return { kind: "blocked", reason: "login" };
  if ($('[role="heading"]').filter((_, el) => $(el).text().includes(NO_RESULTS)).length > 0)
    return { kind: "empty", lsd: lsdOf(blocks) };
  const shell =
    $("title").first().text().trim() === "Ad Library" &&
    blocks.some((block) => holdsString(block, "AdLibraryFoundationRoot.react"));
  if (shell) return { kind: "not_painted" };
  throw fail("upstream_error", "the Ad Library answered a page that is not a library page");
}

/**
 * The page's results, or the error its kind means: 502 `upstream_blocked` (retryable, `Retry-After`) for a challenge
 * or login page, 502 `upstream_incomplete` (retryable) for a page not painted yet.
 * @returns the connection, or null for an empty result.
 */
export function pageResults(page: LibraryPage): { connection: JsonObject | null; lsd: string | null } {
  switch (page.kind) {
    case "results":
      return { connection: page.connection, lsd: page.lsd };
    case "empty":
      return { connection: null, lsd: page.lsd };
    case "not_painted":
      throw fail("upstream_incomplete", "the Ad Library page came back before its results were painted", {
        retryAfterSeconds: 5,
      });
    case "blocked":
      throw fail("upstream_blocked", `the Ad Library answered a ${page.reason} page instead of results`, {
        retryAfterSeconds: 60,
        details: { reason: page.reason },
      });
  }
}
