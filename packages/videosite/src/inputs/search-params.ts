import { cacheParam, cursorParam, enumParam, failWith, limitParam } from "@sda/contract";
import { z } from "zod";

/** Result types of the search filter (SPEC §4.2.1 `type`; singular forms are aliases). */
export const SEARCH_TYPES = ["all", "videos", "shorts", "channels", "playlists", "movies"] as const;
/** Sort orders (`popular` is an alias of `views`). */
export const SEARCH_SORTS = ["relevance", "date", "views", "rating"] as const;
/** Upload date windows (`hour`, `week`, `month`, `year` are aliases). */
export const SEARCH_UPLOAD_DATES = [
  "any",
  "last_hour",
  "today",
  "this_week",
  "this_month",
  "this_year",
] as const;
/** Duration filters of long-form videos (`short`, `medium`, `long` are aliases). */
export const SEARCH_DURATIONS = ["any", "under_4", "4_20", "over_20"] as const;

/** The platform's filter as the caller chose it (canonical values). */
export interface SearchFilter {
  type: (typeof SEARCH_TYPES)[number];
  sortBy: (typeof SEARCH_SORTS)[number];
  uploadDate: (typeof SEARCH_UPLOAD_DATES)[number];
  duration: (typeof SEARCH_DURATIONS)[number];
}

/**
 * Query parameters of `GET /v1/videosite/search` (SPEC §4.2.1). `q` is trimmed and needs 2 characters; `region` is
 * an ISO-3166 alpha-2 code, echoed upper-case. `duration` filters long-form videos only, so it is refused (400
 * `invalid_parameter`) together with `type=shorts`, `channels` or `playlists`.
 */
export const searchParams = z
  .object({
    q: z.string().trim().min(2).max(500),
    limit: limitParam(20, 200),
    cursor: cursorParam,
    type: enumParam(SEARCH_TYPES, {
      default: "all",
      aliases: {
        video: "videos",
        short: "shorts",
        channel: "channels",
        playlist: "playlists",
        movie: "movies",
      },
    }),
    sortBy: enumParam(SEARCH_SORTS, { default: "relevance", aliases: { popular: "views" } }),
    uploadDate: enumParam(SEARCH_UPLOAD_DATES, {
      default: "any",
      aliases: { hour: "last_hour", week: "this_week", month: "this_month", year: "this_year" },
    }),
    duration: enumParam(SEARCH_DURATIONS, {
      default: "any",
      aliases: { short: "under_4", medium: "4_20", long: "over_20" },
    }),
    region: z
      .string()
      .default("US")
      .superRefine((value, ctx) => {
        if (!/^[A-Za-z]{2}$/.test(value))
          failWith(ctx, "invalid_parameter", "region must be exactly 2 letters (an ISO-3166 country code)");
      })
      .transform((value) => value.toUpperCase()),
    cache: cacheParam,
  })
  .superRefine((params, ctx) => {
    const type = params.type ?? "all";
    if (params.duration !== "any" && !["all", "videos", "movies"].includes(type))
      ctx.addIssue({
        code: "custom",
        path: ["duration"],
        message: `duration filters long-form videos and cannot be combined with type=${type}`,
        params: { code: "invalid_parameter" },
      });
  });

/** Validated search parameters. */
export type SearchParams = z.output<typeof searchParams>;
