import type { SearchFilter } from "../../inputs/search-params.ts";
import { encodeToken, protoMessage, writeMessage, writeVarint } from "./token.ts";

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
