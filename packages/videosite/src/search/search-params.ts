import { cacheParam, cursorParam, enumParam, failWith, limitParam } from "@sda/core";
import { z } from "zod";
import { encodeToken, protoMessage, writeMessage, writeVarint } from "../innertube/token.ts";

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

// Enum values of the platform's `SearchFilter` protobuf: sort = field 1; filters = field 2 with upload date (1),
// type (2) and duration (3); field 30 = 1 is what the web client always adds (results are not filtered for
// self-harm topics). Source: the web client's `sp` values, e.g. videos `EgIQAfABAQ%3D%3D`, sort by date `CALwAQE%3D`.
const SORT_VALUE: Record<SearchFilter["sortBy"], number> = { relevance: 0, rating: 1, date: 2, views: 3 };
const UPLOAD_VALUE: Record<SearchFilter["uploadDate"], number> = {
  any: 0,
  last_hour: 1,
  today: 2,
  this_week: 3,
  this_month: 4,
  this_year: 5,
};
const TYPE_VALUE: Record<SearchFilter["type"], number> = {
  all: 0,
  videos: 1,
  channels: 2,
  playlists: 3,
  movies: 4,
  shorts: 9,
};
const DURATION_VALUE: Record<SearchFilter["duration"], number> = {
  any: 0,
  under_4: 1,
  over_20: 2,
  "4_20": 3,
};

/**
 * Encodes the filter into the search request's `params` the way the web client does (protobuf, URL-safe base64,
 * `%3D` padding): no filter → `8AEB`; videos → `EgIQAfABAQ%3D%3D`; channels → `EgIQAvABAQ%3D%3D`; playlists →
 * `EgIQA_ABAQ%3D%3D`; sort by date → `CALwAQE%3D`. Zero values (relevance, any) are left out, as protobuf does.
 */
export function encodeSearchParams(filter: SearchFilter): string {
  const writer = protoMessage();
  const sort = SORT_VALUE[filter.sortBy];
  if (sort !== 0) writeVarint(writer, 1, sort);
  const fields: [number, number][] = [
    [1, UPLOAD_VALUE[filter.uploadDate]],
    [2, TYPE_VALUE[filter.type]],
    [3, DURATION_VALUE[filter.duration]],
  ];
  if (fields.some(([, value]) => value !== 0))
    writeMessage(writer, 2, (filters) => {
      for (const [field, value] of fields) if (value !== 0) writeVarint(filters, field, value);
    });
  writeVarint(writer, 30, 1);
  return encodeToken(writer.finish());
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
