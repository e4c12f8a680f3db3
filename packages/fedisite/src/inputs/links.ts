import { failWith } from "@sda/contract";
import { z } from "zod";

/**
 * Reading the caller's links. Mastodon is many hosts: a link names its instance (`https://fosstodon.org/@user`), and
 * every id in it is an id of that instance. Parsing only reads the syntax; whether the instance may be fetched
 * (https on port 443, no special-purpose address or name, the operator's lists) is decided by `checkInstance` before
 * the first request, so a refused host is a 422 `instance_not_allowed` of the handler, never billed.
 */

/** Result of reading a parameter: a value, a link of another kind (422 `unsupported_url`), or an unreadable value (400). */
export type InputParse<T> =
  | { kind: "ok"; value: T }
  | { kind: "unsupported"; message: string }
  | { kind: "invalid"; message: string };

/**
 * The instance a link names, as the origin the link was written with (`https://mastodon.social`; scheme and a port
 * kept as written, so the policy can refuse them).
 */
export type Instance = string;

/** An account named by a link: by handle (`acct`, `user` or `user@domain` as the instance resolves it) or by id. */
export interface AccountRef {
  instance: Instance;
  acct: string | null;
  id: string | null;
  /** Read from `https://<host>/@user`, a form other platforms use too (`youtube.com/@handle`). */
  sharedForm: boolean;
}

/** A status named by a link: its id on the instance asked. */
export interface StatusRef {
  instance: Instance;
  id: string;
}

/** A hashtag timeline named by a link (`/tags/<tag>`), the tag without `#`. */
export interface TagRef {
  instance: Instance;
  tag: string;
}

const USERNAME = /^[a-z0-9_]+([.-]+[a-z0-9_]+)*$/i;
const DOMAIN = /^[^\s@/]+$/;
/**
 * Mastodon ids are strings: snowflakes in decimal, other servers' flake ids in letters and digits (with digits: a word
 * after `/@user/` is a page of the profile, not a status).
 */
const STATUS_ID = /^(?=[A-Za-z]*\d)[A-Za-z0-9]{1,64}$/;
const TAG = /^[\p{L}\p{M}\p{N}_·]{1,100}$/u;
/** Tabs of a profile page (`/@user/media`); the page still names the account. */
const PROFILE_TABS = new Set(["with_replies", "media", "followers", "following", "featured"]);

/** A `user` or `user@domain` handle (without the leading `@`), or null. */
function readAcct(value: string): string | null {
  const [user, domain, ...rest] = value.split("@");
  if (rest.length > 0 || !user || !USERNAME.test(user)) return null;
  if (domain === undefined) return user;
  return DOMAIN.test(domain) ? `${user}@${domain.toLowerCase()}` : null;
}

/** A URL with a scheme, or `https://` added to a bare host; null when unreadable. */
function readUrl(value: string): URL | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    return url.hostname ? url : null;
  } catch {
    return null;
  }
}

/** The path's segments, percent-decoded, without empty ones; null when a segment is not valid percent-encoding. */
function segmentsOf(url: URL): string[] | null {
  try {
    return url.pathname
      .split("/")
      .filter((s) => s !== "")
      .map((s) => decodeURIComponent(s));
  } catch {
    return null;
  }
}

/** A handle `@user@instance` or `user@instance` as an account of that instance; null when it is not one. */
function readHandle(value: string): AccountRef | null {
  const match = /^@?([^@\s/]+)@([^@\s/]+)$/.exec(value);
  if (!match?.[1] || !match[2] || !USERNAME.test(match[1])) return null;
  const url = readUrl(match[2]);
  return url ? { instance: url.origin, acct: match[1], id: null, sharedForm: false } : null;
}

/**
 * Reads an account from a profile link (`https://<instance>/@user`, `/@user@other.domain` as the instance shows a
 * remote account, `/users/user`, `/web/accounts/<id>`, a profile tab like `/@user/media`) or a handle
 * (`@user@instance`, `user@instance`).
 * @returns the account; `unsupported` for a value of no such form (another page, another kind of value); `invalid`
 *   for one of these forms with a malformed name.
 */
export function parseAccountRef(input: string): InputParse<AccountRef> {
  const value = input.trim();
  if (!value) return { kind: "invalid", message: "url is empty" };
  const handle = readHandle(value);
  if (handle) return { kind: "ok", value: handle };
  const url = value.includes("/") || value.includes(".") ? readUrl(value) : null;
  const segments = url && segmentsOf(url);
  if (!url || !segments) return { kind: "unsupported", message: PROFILE_FORMS };
  const [first = "", second, third, ...more] = segments;
  const instance = url.origin;
  if (first.startsWith("@") && (second === undefined || (PROFILE_TABS.has(second) && third === undefined))) {
    const acct = readAcct(first.slice(1));
    return acct
      ? { kind: "ok", value: { instance, acct, id: null, sharedForm: true } }
      : { kind: "invalid", message: `url names no valid account (${first})` };
  }
  if (first === "users" && second && third === undefined && USERNAME.test(second))
    return { kind: "ok", value: { instance, acct: second, id: null, sharedForm: false } };
  if (first === "web" && second === "accounts" && third && STATUS_ID.test(third) && more.length === 0)
    return { kind: "ok", value: { instance, acct: null, id: third, sharedForm: false } };
  return { kind: "unsupported", message: PROFILE_FORMS };
}

const PROFILE_FORMS = "url must be a profile link (https://<instance>/@user) or a handle (@user@instance)";

/**
 * Reads a status from its link: `https://<instance>/@user/<id>`, `/@user@other.domain/<id>`,
 * `/users/<user>/statuses/<id>`, `/web/statuses/<id>`, `/statuses/<id>`.
 * @returns the status; `unsupported` for another page of an instance; `invalid` otherwise.
 */
export function parseStatusRef(input: string): InputParse<StatusRef> {
  const value = input.trim();
  if (!value) return { kind: "invalid", message: "url is empty" };
  const url = readUrl(value);
  const segments = url && segmentsOf(url);
  if (!url || !segments || !value.includes("/"))
    return { kind: "unsupported", message: "url must be a status link (https://<instance>/@user/<id>)" };
  const id = statusIdOf(segments);
  if (id === undefined)
    return { kind: "unsupported", message: "url must be a status link (https://<instance>/@user/<id>)" };
  if (!STATUS_ID.test(id)) return { kind: "invalid", message: `url names no valid status id (${id})` };
  return { kind: "ok", value: { instance: url.origin, id } };
}

/** The status id of a status page's path segments, or undefined for another page. */
function statusIdOf(segments: readonly string[]): string | undefined {
  const [first = "", second, third, fourth, ...more] = segments;
  if (first.startsWith("@") && readAcct(first.slice(1)) && second !== undefined && third === undefined)
    return second;
  if (first === "users" && third === "statuses" && fourth !== undefined && more.length === 0) return fourth;
  if (first === "web" && second === "statuses" && third !== undefined && fourth === undefined) return third;
  if (first === "statuses" && second !== undefined && third === undefined) return second;
  return undefined;
}

/**
 * Reads a hashtag timeline from its link `https://<instance>/tags/<tag>` (the tag percent-decoded, without `#`).
 * @returns the tag; `unsupported` for another page of an instance; `invalid` otherwise.
 */
export function parseTagRef(input: string): InputParse<TagRef> {
  const value = input.trim();
  if (!value) return { kind: "invalid", message: "url is empty" };
  const url = value.includes("/") ? readUrl(value) : null;
  const segments = url && segmentsOf(url);
  if (!url || !segments)
    return { kind: "unsupported", message: "url must be a hashtag link (https://<instance>/tags/<tag>)" };
  const [first, second, ...more] = segments;
  if (first !== "tags" || second === undefined || more.length > 0)
    return { kind: "unsupported", message: "url must be a hashtag link (https://<instance>/tags/<tag>)" };
  const tag = second.replace(/^#/, "");
  if (!TAG.test(tag)) return { kind: "invalid", message: `url names no valid hashtag (${second})` };
  return { kind: "ok", value: { instance: url.origin, tag } };
}

/**
 * Reads an instance from its name (`mastodon.social`) or any link on it (`https://mastodon.social/about`).
 * @returns the instance's origin; `invalid` when the value names no host.
 */
export function parseInstance(input: string): InputParse<Instance> {
  const value = input.trim().replace(/^@/, "");
  const url = value ? readUrl(value) : null;
  if (!url || value.includes("@"))
    return { kind: "invalid", message: "instance must be a host name (mastodon.social) or a link on it" };
  return { kind: "ok", value: url.origin };
}

/** The code of each problem a parse reports: an unreadable value, or a link of another kind. */
const PROBLEM_CODES = { invalid: "invalid_parameter", unsupported: "unsupported_url" } as const;

/**
 * A zod string parameter (at most 2,048 characters) read by `parse`. Output: the parsed value. Errors: 400
 * `missing_parameter` (absent), `invalid_parameter`, 422 `unsupported_url`.
 */
export function linkParam<T>(parse: (input: string) => InputParse<T>) {
  return z
    .string()
    .max(2048)
    .transform((value, ctx): T => {
      const parsed = parse(value);
      if (parsed.kind !== "ok") failWith(ctx, PROBLEM_CODES[parsed.kind], parsed.message);
      return parsed.kind === "ok" ? parsed.value : z.NEVER;
    });
}

/** `url` of an account: {@link parseAccountRef}. */
export const accountParam = linkParam(parseAccountRef);
/** `url` of a status: {@link parseStatusRef}. */
export const statusParam = linkParam(parseStatusRef);
/** `url` of a hashtag: {@link parseTagRef}. */
export const tagParam = linkParam(parseTagRef);
/** `instance` (or `url` of an instance): {@link parseInstance}. */
export const instanceParam = linkParam(parseInstance);
