import { fail } from "../errors.ts";
import { arrayOf, isObject, type JsonObject, textOf } from "./json-walk.ts";

/** Facebook's anti-JSON-hijacking prefix some answers carry. */
const HIJACK_PREFIX = "for (;;);";

/** The first JSON document of a GraphQL answer body (some answers stream several, one per line). */
function firstDocument(body: string): unknown {
  const text = body.startsWith(HIJACK_PREFIX) ? body.slice(HIJACK_PREFIX.length) : body;
  try {
    return JSON.parse(text);
  } catch {
    const line = text.split("\n", 1)[0] ?? "";
    try {
      return JSON.parse(line);
    } catch {
      return undefined;
    }
  }
}

/**
 * The `data` object of a `POST /api/graphql/` answer.
 * @throws ServiceError 502 `upstream_rate_limited` (retryable) when the answer's errors say the rate limit was hit,
 *   else 502 `upstream_error` (retryable) for an answer that is not JSON or has no `data` (GraphQL errors, a session
 *   the library no longer accepts).
 */
export function graphqlData(body: string, query: string): JsonObject {
  const document = firstDocument(body);
  if (isObject(document) && isObject(document.data)) return document.data;
  const messages = isObject(document)
    ? arrayOf(document.errors)
        .map((e) => (isObject(e) ? (textOf(e.message) ?? textOf(e.summary)) : null))
        .filter((m): m is string => m !== null)
    : [];
  const summary = messages.join("; ") || (document === undefined ? "not JSON" : "no data");
  if (/rate limit/i.test(summary))
    throw fail("upstream_rate_limited", `the Ad Library's ${query} was rate limited (${summary})`, {
      retryAfterSeconds: 60,
      details: { query },
    });
  throw fail("upstream_error", `the Ad Library's ${query} answered without data (${summary})`, {
    details: { query },
  });
}
