import { type InputParse, readSiteUrl, refParam } from "./site-url.ts";

/** User names: 2–15 letters, digits, `-` or `_` (the site's sign-up rule). */
const HANDLE = /^[A-Za-z0-9_-]{2,15}$/;

/** Pages of the site that name a user by `?id=` (profile, submissions, comments, favorites). */
const USER_PAGES = new Set(["/user", "/submitted", "/threads", "/favorites"]);

/**
 * Reads a user from a bare handle (`pg`), the profile `news.ycombinator.com/user?id=pg`, or the user's
 * `submitted` / `threads` / `favorites` pages. Handles are case-sensitive on the site and kept as given.
 * @returns the handle; `unsupported` for another site or a non-user page; `invalid` for a malformed value.
 */
export function parseUserRef(input: string): InputParse<string> {
  const value = input.trim();
  if (!value) return { kind: "invalid", message: "handle is empty" };
  if (!/[./:?]/.test(value))
    return HANDLE.test(value)
      ? { kind: "ok", value }
      : { kind: "invalid", message: "not a valid user name (2–15 letters, digits, - or _)" };
  const page = readSiteUrl(value);
  if (page.kind !== "ok") return page;
  if (!USER_PAGES.has(page.value.path))
    return { kind: "unsupported", message: "url is a newssite URL but not of a user (user?id=<name>)" };
  const handle = page.value.id?.trim() ?? "";
  if (!HANDLE.test(handle)) return { kind: "invalid", message: "url's id is not a valid user name" };
  return { kind: "ok", value: handle };
}

/**
 * Zod parameter for a user (`url` or `handle`). Output: the handle. Errors: 400 `invalid_parameter`, 422
 * `unsupported_url`.
 */
export const userRefParam = refParam(parseUserRef);
