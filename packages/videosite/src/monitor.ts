import { itemsAt, type MonitorRules } from "@sda/core";

/**
 * How monitors use the video platform's operations (see `MonitorRule`): list operations by their rows' video or
 * comment ids; search hits by `type:id` (a video and a playlist hit are different items). Kept
 * apart from the operation declarations and free of extraction code, so the gateway can load it.
 */
export const videositeMonitorRules: MonitorRules = {
  "videosite.comments": itemsAt("comments"),
  "videosite.comment-replies": itemsAt("comments"),
  "videosite.channel-videos": itemsAt("videos"),
  "videosite.channel-shorts": itemsAt("videos"),
  "videosite.playlist-videos": itemsAt("videos"),
  "videosite.search": itemsAt("results", "id", "type"),
};
