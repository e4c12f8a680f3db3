import { epochSecondsToIso } from "@sda/text";
import { asRecord, type JsonRecord, list, num, str } from "./json.ts";

/**
 * The platform's envelope types. Every object of its API is a "thing" `{ kind, data }`: `t1` comment, `t2` account,
 * `t3` link (post), `t5` subreddit, `more` (a stub standing for comments not sent), and `Listing` (a page of things
 * with `after`/`before` fullnames).
 */

/** One thing: its kind (`t1`, `t3`, `t5`, `more`, …) and its `data` object. */
export interface Thing {
  kind: string;
  data: JsonRecord;
}

/** A page of things (`kind: "Listing"`). */
export interface Listing {
  things: Thing[];
  /** Fullname to pass as `after` for the next page; null on the last page. */
  after: string | null;
  before: string | null;
}

/** Reads `{ kind, data }`; null when the value is not a thing. */
export function readThing(value: unknown): Thing | null {
  const thing = asRecord(value);
  const kind = str(thing, "kind");
  const data = asRecord(thing?.data);
  return kind !== null && data !== null ? { kind, data } : null;
}

/**
 * Reads a `Listing`. Children that are not things are dropped (never a throw).
 * @returns the listing, or null when the value is not a listing at all.
 */
export function readListing(value: unknown): Listing | null {
  const thing = readThing(value);
  if (thing?.kind !== "Listing") return null;
  const things: Thing[] = [];
  for (const child of list(thing.data, "children")) {
    const read = readThing(child);
    if (read) things.push(read);
  }
  return { things, after: str(thing.data, "after") || null, before: str(thing.data, "before") || null };
}

/** The id36 part of a fullname (`t3_abc` → `abc`); the input when it has no type prefix. */
export function idOfFullname(fullname: string): string {
  return fullname.replace(/^t\d+_/, "");
}

/**
 * Epoch seconds as the platform sends them (`created_utc: 1592413517.0`) to UTC ISO with milliseconds; null when the
 * field is absent.
 */
export function epochField(source: JsonRecord | null | undefined, key: string): string | null {
  const seconds = num(source, key);
  return seconds === null ? null : epochSecondsToIso(Math.floor(seconds));
}

/** `edited` is `false` or the epoch seconds of the last edit: the ISO time, or null when never edited. */
export function editedAt(source: JsonRecord): string | null {
  return epochField(source, "edited");
}

/** The platform's site root: permalinks in its answers are paths below it. */
export const SITE_ORIGIN = "https://www.reddit.com";

/** A path the platform gives (`/r/x/comments/…`) as an absolute URL; absolute URLs are returned unchanged. */
export function absoluteUrl(pathOrUrl: string | null): string | null {
  if (!pathOrUrl) return null;
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  if (pathOrUrl.startsWith("/")) return `${SITE_ORIGIN}${pathOrUrl}`;
  return null;
}
