import { boolParam, failWith } from "@sda/contract";
import { countryName } from "@sda/text";
import { z } from "zod";

/**
 * The Ad Library's own filter parameters as our query parameters (light: the gateway bundles them). Each maps 1:1 to
 * the library's web-client parameter of the same meaning (`active_status`, `ad_type`, `media_type`, `country`).
 */

/** `status` values and the library's `active_status`. */
export const AD_STATUSES = ["active", "inactive", "all"] as const;
export type AdStatus = (typeof AD_STATUSES)[number];

/** `adType` values and the library's `ad_type`. */
export const AD_TYPES = ["all", "political_and_issue_ads"] as const;
export type AdType = (typeof AD_TYPES)[number];

/** `mediaType` values and the library's `media_type`. */
export const MEDIA_TYPES = ["all", "image", "video", "meme", "image_and_meme", "none"] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** A Library ID (`ad_archive_id`) or a Facebook page id: digits only (Meta's ids are 64-bit integers). */
export const DIGITS = /^\d{1,20}$/;

/**
 * `country`: `ALL` or an ISO-3166 alpha-2 code, case-insensitive, output upper-case (default `ALL`). A code that is
 * not a current country is 400 `invalid_parameter`.
 */
export const countryParam = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return "ALL";
    const upper = value.toUpperCase();
    if (upper === "ALL" || countryName(upper) !== null) return upper;
    failWith(
      ctx,
      "invalid_parameter",
      "country must be ALL or an ISO-3166 alpha-2 country code (e.g. US, DE)",
    );
    return z.NEVER;
  });

/** `status` with its default. */
export const statusParam = (fallback: AdStatus) => z.enum(AD_STATUSES).default(fallback);

/** The filters every list operation shares (`country`, `adType`, `mediaType`; `status` is per operation). */
export const filterParams = {
  country: countryParam,
  adType: z.enum(AD_TYPES).default("all"),
  mediaType: z.enum(MEDIA_TYPES).default("all"),
};

/** `exactPhrase`: search the words as one phrase (the library's `keyword_exact_phrase`). */
export const exactPhraseParam = boolParam(false);

/** An id parameter (`id`, `pageId`): digits only, else 400 `invalid_parameter`. */
export const digitsParam = (what: string) =>
  z
    .string()
    .trim()
    .regex(DIGITS, { message: `${what} must be digits only` });
