import { failWith } from "@sda/contract";
import { z } from "zod";
import { forumHost, pathSegments, toUrl, type UrlParse } from "./forum-url.ts";

/**
 * Subreddit names: 3–21 characters of letters, digits and `_` in today's rules, 2 in some old ones, plus the one
 * legacy name with a dot (`reddit.com`). The special listings `all` and `popular` fit the same pattern.
 */
const NAME = /^(?:[A-Za-z0-9][A-Za-z0-9_]{1,20}|reddit\.com)$/;

function nameResult(name: string | undefined): UrlParse<string> {
  if (name !== undefined && NAME.test(name)) return { kind: "ok", value: name };
  return {
    kind: "invalid",
    message: "url does not name a valid subreddit (2-21 letters, digits or underscores)",
  };
}

/**
 * Reads a subreddit from a URL (`https://www.reddit.com/r/golang/`, any subdomain such as `old.`), a path (`r/golang`,
 * `/r/golang/top`) or a bare name (`golang`).
 * @returns the name as given (the platform treats names case-insensitively); `unsupported` for another site or a
 *   platform page that is not a subreddit (a post, a user); `invalid` for anything else.
 */
export function parseSubreddit(input: string): UrlParse<string> {
  const value = input.trim();
  if (!value) return { kind: "invalid", message: "url is empty" };
  const path = /^\/?r\/([^/?#]+)/i.exec(value);
  if (path) return nameResult(path[1]);
  if (NAME.test(value)) return { kind: "ok", value };
  const url = toUrl(value);
  if (!url) return { kind: "invalid", message: "url is neither a subreddit URL nor a subreddit name" };
  const host = forumHost(url);
  if (host === null)
    return {
      kind: "unsupported",
      message: `url must be a forumsite subreddit URL; ${url.hostname} is not supported`,
    };
  const segments = pathSegments(url);
  if (host !== "site" || segments[0]?.toLowerCase() !== "r" || segments[1] === undefined)
    return { kind: "unsupported", message: "url is a forumsite URL but not of a subreddit" };
  return nameResult(segments[1]);
}

/**
 * Zod parameter for a subreddit `url`. Output: the subreddit name. Errors: 400 `missing_parameter` when absent, 400
 * `invalid_parameter` for an unreadable value, 422 `unsupported_url` for another platform or a non-subreddit page.
 */
export const subredditParam = z
  .string()
  .max(2048)
  .transform((value, ctx): string => {
    const parsed = parseSubreddit(value);
    if (parsed.kind === "ok") return parsed.value;
    failWith(ctx, parsed.kind === "invalid" ? "invalid_parameter" : "unsupported_url", parsed.message);
    return z.NEVER;
  });
