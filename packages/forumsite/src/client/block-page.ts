import { asRecord } from "../readers/json.ts";

/**
 * True for the platform's 403 **block page**: the answer anonymous `.json` traffic from a flagged address gets (an
 * HTML "blocked by network security" page, or any 403 that is not one of the platform's own error objects). A private
 * or quarantined subreddit answers 403 too, but with its JSON error object (`{"reason": "private", "error": 403}`),
 * which is the resource's truth and never a block (see `errors.ts`).
 * @param status the HTTP status; @param body the body text.
 */
export function isBlockPage(status: number, body: string): boolean {
  if (status !== 403) return false;
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(body);
  } catch {
    return true;
  }
  const record = asRecord(parsed);
  if (record?.replay === "no_match") return false;
  return !(record !== null && (record.error === 403 || typeof record.reason === "string"));
}
