import { cacheParam, count, countWithLabel, defineOperationSpec, fixed, timestamp, url } from "@sda/contract";
import { z } from "zod";
import { playlistUrlParam } from "../inputs/playlist-url.ts";
import { channelSummary, thumbnail } from "./shapes.ts";

/** Query parameters of `GET /v1/videosite/playlist-details`. */
export const playlistDetailsParams = z.object({ url: playlistUrlParam, cache: cacheParam });

/** A playlist's header: title, owner, counts and last update. */
export const playlistDetailsOutput = z.object({
  id: z.string(),
  url,
  title: z.string().nullable(),
  description: z.string().nullable(),
  channel: channelSummary.nullable().describe("The owner; null for platform-generated lists."),
  channelName: z.string().nullable(),
  channelId: z.string().nullable(),
  videoCount: count.nullable(),
  videoCountText: z.string().nullable(),
  ...countWithLabel("viewCount"),
  lastUpdated: timestamp
    .nullable()
    .describe("Approximate from `Updated 4 days ago`; midnight UTC of a date label."),
  lastUpdatedText: z.string().nullable(),
  lastUpdatedIsApproximate: z.boolean(),
  thumbnailUrl: url.nullable(),
  thumbnails: z.array(thumbnail),
  isUnlisted: z.boolean().nullable(),
});

/** `GET /v1/videosite/playlist-details`: 1 credit (SPEC §4.2 rule 3). */
export const playlistDetailsSpec = defineOperationSpec({
  name: "playlist-details",
  summary:
    "Details of a playlist: title, description, owner channel, video count, views, last update, thumbnail.",
  params: playlistDetailsParams,
  output: playlistDetailsOutput,
  price: fixed(1),
  cache: { mode: "optIn" },
});
