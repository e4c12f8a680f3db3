import { failWith } from "@sda/contract";
import { z } from "zod";

/**
 * What a caller may paste for a Bluesky account, post, feed generator or list, read into the parts the AppView takes:
 * a `bsky.app` link (`https://bsky.app/profile/<handle or DID>[/post|/feed|/lists/<rkey>]`, with or without scheme or
 * `www.`), a handle with or without `@`, a DID, or an `at://` URI (`at://<handle or DID>/<collection>/<rkey>`).
 * Handles are case-insensitive and kept lower-cased; DIDs and record keys are kept as written. Light on purpose: the
 * gateway bundles these parsers with the params.
 */

/** An account named by its handle (`jbgruber.bsky.social`, lower-cased) or its DID (`did:plc:…`). */
export type Actor = string;

/** A record of an account: its author and record key (`3kbi55xm6u62v`). */
export interface RecordRef {
  actor: Actor;
  rkey: string;
}

/** The record kinds a URL may name, with the `at://` collection and the `bsky.app` path segment of each. */
export const RECORD_KINDS = {
  post: { collection: "app.bsky.feed.post", segment: "post" },
  feed: { collection: "app.bsky.feed.generator", segment: "feed" },
  list: { collection: "app.bsky.graph.list", segment: "lists" },
} as const;

/** A kind of {@link RECORD_KINDS}. */
export type RecordKind = keyof typeof RECORD_KINDS;

/** Result of reading an input: a value, a URL of another site or page kind (422), or an unreadable value (400). */
type Read<T> = { ok: T } | { unsupported: string } | { invalid: string };

// atproto identifier syntax (atproto.com/specs/handle, /did, /record-key).
const HANDLE = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/;
const DID = /^did:[a-z]+:[a-zA-Z0-9._:%-]*[a-zA-Z0-9._-]$/;
const RKEY = /^[a-zA-Z0-9._:~-]{1,512}$/;
const SITE_HOSTS = new Set(["bsky.app", "www.bsky.app", "staging.bsky.app"]);

/** A handle (leading `@` dropped, lower-cased) or a DID; null when the text is neither. */
function readActor(text: string): Actor | null {
  if (text.startsWith("did:")) return DID.test(text) && text.length <= 2048 ? text : null;
  const handle = text.replace(/^@/, "").toLowerCase();
  return handle.length <= 253 && HANDLE.test(handle) ? handle : null;
}

/** The path segments of a `bsky.app` link or an `at://` URI, the actor first; a problem when it is neither. */
function segmentsOf(value: string): Read<{ scheme: "at" | "web"; parts: string[] }> {
  if (value.startsWith("at://")) {
    const parts = value.slice("at://".length).split(/[?#]/)[0]?.split("/").filter(Boolean) ?? [];
    return { ok: { scheme: "at", parts: parts.map(decodeURIComponent) } };
  }
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`);
  } catch {
    return { invalid: "url is neither a bsky.app link, an at:// URI, a handle nor a DID" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return { invalid: "url must be an http(s) link or an at:// URI" };
  const host = url.hostname.toLowerCase();
  if (!SITE_HOSTS.has(host))
    return { unsupported: `url must be a microblogsite (bsky.app) link; ${host} is not supported` };
  const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  if (parts[0] !== "profile" || parts.length < 2)
    return { unsupported: "url is a bsky.app link but not of a profile, post, feed or list" };
  return { ok: { scheme: "web", parts: parts.slice(1) } };
}

/**
 * Reads an account: `@handle`, `handle`, a DID, `bsky.app/profile/<actor>` or `at://<actor>`.
 * @returns the actor; `unsupported` for another site or a link to a post, feed or list; `invalid` otherwise.
 */
export function parseActorRef(input: string): Read<Actor> {
  const value = input.trim();
  if (!value) return { invalid: "url is empty" };
  if (!value.includes("/")) {
    const actor = readActor(value);
    return actor ? { ok: actor } : { invalid: "url is not a handle, a DID or a bsky.app profile link" };
  }
  const read = segmentsOf(value);
  if (!("ok" in read)) return read;
  const [first, ...rest] = read.ok.parts;
  const actor = first === undefined ? null : readActor(first);
  if (!actor) return { invalid: "url does not name a valid handle or DID" };
  if (rest.length > 0) return { unsupported: "url names a record, not an account (use the profile link)" };
  return { ok: actor };
}

/**
 * Reads a record of `kind`: `bsky.app/profile/<actor>/<segment>/<rkey>` or `at://<actor>/<collection>/<rkey>`.
 * @returns the record; `unsupported` for another site or a link to another kind of page; `invalid` otherwise.
 */
export function parseRecordRef(kind: RecordKind, input: string): Read<RecordRef> {
  const value = input.trim();
  if (!value) return { invalid: "url is empty" };
  const { collection, segment } = RECORD_KINDS[kind];
  const read = value.includes("/")
    ? segmentsOf(value)
    : { invalid: `url must be a bsky.app ${kind} link or an at:// URI of one` };
  if (!("ok" in read)) return read;
  const [first, type, rkey, ...rest] = read.ok.parts;
  const actor = first === undefined ? null : readActor(first);
  if (!actor) return { invalid: "url does not name a valid handle or DID" };
  const expected = read.ok.scheme === "at" ? collection : segment;
  if (type !== expected || rest.length > 0)
    return { unsupported: `url does not name a ${kind} (…/${expected}/<key>)` };
  if (rkey === undefined || !RKEY.test(rkey))
    return { invalid: `url's ${kind} key is not a valid record key` };
  return { ok: { actor, rkey } };
}

/**
 * A zod string parameter read by `read`: its value, or its problem as 400 `invalid_parameter` or 422
 * `unsupported_url` (400 `missing_parameter` when absent).
 */
function refParam<T>(read: (input: string) => Read<T>) {
  return z
    .string()
    .max(2048)
    .transform((value, ctx): T => {
      const result = read(value);
      if ("ok" in result) return result.ok;
      if ("unsupported" in result) failWith(ctx, "unsupported_url", result.unsupported);
      else failWith(ctx, "invalid_parameter", result.invalid);
      return z.NEVER;
    });
}

/** `url` of an account. Output: the handle or DID. */
export const actorParam = refParam(parseActorRef);
/** `url` of a post. Output: its author and record key. */
export const postParam = refParam((input) => parseRecordRef("post", input));

/** `url` of a feed generator. Output: its author and record key. */
export const feedParam = refParam((input) => parseRecordRef("feed", input));
/** `url` of a list. Output: its author and record key. */
export const listParam = refParam((input) => parseRecordRef("list", input));
