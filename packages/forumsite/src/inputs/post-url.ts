import { failWith } from "@sda/contract";
import { z } from "zod";
import { forumHost, pathSegments, toUrl, type UrlParse } from "./forum-url.ts";

/** Post ids are base-36 numbers (`haucpf`, `1khu9tf`), written in lower case. */
const POST_ID = /^[a-z0-9]{1,13}$/;

/**
 * A post named by the `url` parameter: its id, or a share link (`/r/<sub>/s/<token>`) that only the platform can
 * resolve (it answers a redirect to the post's permalink).
 */
export type PostRef = { kind: "id"; id: string } | { kind: "share"; path: string };

function idResult(candidate: string | undefined): UrlParse<PostRef> {
  const id = candidate?.toLowerCase().replace(/^t3_/, "");
  if (id && POST_ID.test(id)) return { kind: "ok", value: { kind: "id", id } };
  return { kind: "invalid", message: "url does not hold a valid post id (base-36 letters and digits)" };
}

/**
 * Reads a post from any form a user may paste: a bare id (`haucpf`) or fullname (`t3_haucpf`); a permalink
 * `/r/<sub>/comments/<id>/<slug>/` (also of a comment, `/…/<slug>/<comment id>/`) on any `reddit.com` subdomain; the
 * short forms `/comments/<id>`, `redd.it/<id>`, `/gallery/<id>`, `/user/<name>/comments/<id>`; a share link
 * `/r/<sub>/s/<token>`.
 * @returns the reference; `unsupported` for another site, a media file URL or a platform page that is not a post;
 *   `invalid` for anything else.
 */
export function parsePostRef(input: string): UrlParse<PostRef> {
  const value = input.trim();
  if (!value) return { kind: "invalid", message: "url is empty" };
  if (/^(?:t3_)?[a-z0-9]{1,13}$/i.test(value) && !value.includes(".")) return idResult(value);
  const url = toUrl(value.startsWith("/") ? `https://www.reddit.com${value}` : value);
  if (!url) return { kind: "invalid", message: "url is neither a post URL nor a post id" };
  const host = forumHost(url);
  if (host === null)
    return {
      kind: "unsupported",
      message: `url must be a forumsite post URL; ${url.hostname} is not supported`,
    };
  if (host === "media")
    return {
      kind: "unsupported",
      message: "url is a media file of the platform, not a post; pass the post's URL",
    };
  const segments = pathSegments(url);
  if (host === "short") return idResult(segments[0]);
  const lower = segments.map((s) => s.toLowerCase());
  const comments = lower.indexOf("comments");
  if (comments >= 0 && segments[comments + 1] !== undefined) return idResult(segments[comments + 1]);
  if (lower[0] === "gallery") return idResult(segments[1]);
  if (lower[0] === "r" && lower[2] === "s" && segments[3] !== undefined)
    return { kind: "ok", value: { kind: "share", path: `/r/${segments[1]}/s/${segments[3]}` } };
  return { kind: "unsupported", message: "url is a forumsite URL but not of a post" };
}

/**
 * Zod parameter for a post `url`. Output {@link PostRef}. Errors: 400 `missing_parameter`, 400 `invalid_parameter`,
 * 422 `unsupported_url` (another platform, a media file, a non-post page).
 */
export const postRefParam = z
  .string()
  .max(2048)
  .transform((value, ctx): PostRef => {
    const parsed = parsePostRef(value);
    if (parsed.kind === "ok") return parsed.value;
    failWith(ctx, parsed.kind === "invalid" ? "invalid_parameter" : "unsupported_url", parsed.message);
    return z.NEVER;
  });
