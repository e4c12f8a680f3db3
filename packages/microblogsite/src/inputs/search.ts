import { failWith } from "@sda/contract";
import { toUtcIso } from "@sda/text";
import { z } from "zod";

/**
 * `since` / `until` of a post search: an ISO date (`2024-12-05`, midnight UTC) or timestamp with an offset, sent to
 * the AppView as UTC with milliseconds and `Z` (`2024-12-05T00:00:00.000Z`, the form it documents). Anything else is
 * 400 `invalid_parameter`.
 */
export const searchTimeParam = z
  .string()
  .max(64)
  .transform((value, ctx) => {
    const iso = toUtcIso(value);
    if (iso) return iso;
    failWith(
      ctx,
      "invalid_parameter",
      "must be an ISO-8601 date (2024-12-05) or timestamp (2024-12-05T10:00:00Z)",
    );
    return z.NEVER;
  })
  .optional();

/** `lang` of a post search: a BCP-47 language tag (`en`, `pt-BR`). */
export const languageParam = z
  .string()
  .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/, "must be a language code such as en or pt-BR")
  .optional();

/** `tag` of a post search: one hashtag, with or without `#`, sent without it. */
export const tagParam = z
  .string()
  .max(640)
  .transform((value) => value.replace(/^#/, ""))
  .optional();
