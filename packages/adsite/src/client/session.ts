import { randomUUID } from "node:crypto";

/**
 * A visit's session, as the library's web client keeps it between its page and its GraphQL requests: `sessionID`
 * (a UUID the client makes when the page loads, sent in every query's variables) and the page's `LSD` token (sent
 * as `lsd` and `x-fb-lsd`; null when the page held none). A page's `end_cursor` works only within its visit, so
 * list cursors carry the session.
 */
export interface VisitSession {
  sessionId: string;
  lsd: string | null;
}

/** A new session for one visit (`sessionID` a fresh UUID v4). */
export function newSession(lsd: string | null): VisitSession {
  return { sessionId: randomUUID(), lsd };
}

/**
 * The `jazoest` form field the web client derives from its token: `2` followed by the sum of the token's UTF-16
 * code units.
 */
export function jazoestOf(token: string): string {
  let sum = 0;
  for (let i = 0; i < token.length; i++) sum += token.charCodeAt(i);
  return `2${sum}`;
}

/** True for a session read back from a cursor payload. */
export function isSession(value: unknown): value is VisitSession {
  if (value === null || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.sessionId === "string" &&
    /^[0-9a-f-]{36}$/.test(v.sessionId) &&
    (v.lsd === null || (typeof v.lsd === "string" && v.lsd.length <= 256))
  );
}
