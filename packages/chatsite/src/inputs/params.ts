import { failWith } from "@sda/contract";
import { z } from "zod";
import { fail } from "../errors.ts";
import { type ChatRef, type PostRef, parseRef } from "./chat-ref.ts";

/**
 * The chatsite query parameters. Every refusal is answered before any upstream call and never billed: 400
 * `invalid_input` (issue 35: not a t.me link or name, a post link where a chat is asked or the reverse, an empty `q`, a
 * bad `limit`), 422 `private_chat_not_supported` (invite links, numeric chat ids). A refused `url` that is no t.me
 * link (another site, a bare value) carries `details.foreign: true`.
 */

/** The most posts one `/s/` page holds, so the most a call returns. */
export const PAGE_SIZE = 20;

/** `url` of a chat (channel or group). Output: {@link ChatRef}. */
export const chatParam = z
  .string()
  .max(2048)
  .transform((value, ctx): ChatRef => {
    const parsed = parseRef(value);
    if (parsed.kind === "chat") return parsed.ref;
    if (parsed.kind === "post")
      failWith(
        ctx,
        fail.spec("invalid_input"),
        "url is a post link; this operation takes a channel (t.me/<name>)",
      );
    else failWith(ctx, fail.spec(parsed.code), parsed.message, parsed.foreign ? { foreign: true } : {});
    return z.NEVER;
  });

/** `url` of one post. Output: {@link PostRef}. */
export const postParam = z
  .string()
  .max(2048)
  .transform((value, ctx): PostRef => {
    const parsed = parseRef(value);
    if (parsed.kind === "post") return parsed.ref;
    if (parsed.kind === "chat")
      failWith(
        ctx,
        fail.spec("invalid_input"),
        "url is a channel link; this operation takes a post (t.me/<name>/<id>)",
      );
    else failWith(ctx, fail.spec(parsed.code), parsed.message, parsed.foreign ? { foreign: true } : {});
    return z.NEVER;
  });

/** `limit`: 1–{@link PAGE_SIZE}, default {@link PAGE_SIZE}; anything else is 400 `invalid_input`. */
export const limitParam = z
  .string()
  .optional()
  .transform((value, ctx): number => {
    if (value === undefined) return PAGE_SIZE;
    const n = /^\d{1,3}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
    if (n >= 1 && n <= PAGE_SIZE) return n;
    failWith(ctx, fail.spec("invalid_input"), `limit must be an integer from 1 to ${PAGE_SIZE}`, {
      min: 1,
      max: PAGE_SIZE,
    });
    return z.NEVER;
  });

/** `q`: the search term, 1–256 characters after trimming; absent or blank is 400 `invalid_input`. */
export const queryParam = z
  .string()
  .optional()
  .transform((value, ctx): string => {
    const term = value?.trim() ?? "";
    if (term.length >= 1 && term.length <= 256) return term;
    failWith(
      ctx,
      fail.spec("invalid_input"),
      term ? "q must be at most 256 characters" : "q must not be empty",
    );
    return z.NEVER;
  });

/**
 * `cursor`: a previous `nextCursor`, the id of the oldest post returned (Telegram's `before`). Absent for the first
 * page; anything but a positive integer is 400 `invalid_cursor`.
 */
export const beforeCursorParam = z
  .string()
  .max(64)
  .optional()
  .transform((value, ctx): number | undefined => {
    if (value === undefined) return undefined;
    if (/^[1-9]\d{0,11}$/.test(value)) return Number(value);
    failWith(ctx, "invalid_cursor", "cursor must be a nextCursor of this operation (a post id)");
    return z.NEVER;
  });
