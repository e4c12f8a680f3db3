import { itemsAt, type MonitorRules } from "@sda/core";

/**
 * How monitors use the photo platform's operations (see `MonitorRule`): posts and reels by their media id (the
 * shortcode when a row has none), comments and highlight albums by id.
 */
export const photositeMonitorRules: MonitorRules = {
  "photosite.comments": itemsAt("comments"),
  "photosite.channel-posts": itemsAt("posts", ["id", "shortcode"]),
  "photosite.channel-reels": itemsAt("reels", ["id", "shortcode"]),
  "photosite.tagged-posts": itemsAt("posts", ["id", "shortcode"]),
  "photosite.reels-by-audio-id": itemsAt("reels", ["id", "shortcode"]),
  "photosite.hashtag-search": itemsAt("posts", ["id", "shortcode"]),
  "photosite.reels-search": itemsAt("reels", ["id", "shortcode"]),
  "photosite.trending-reels": itemsAt("reels", ["id", "shortcode"]),
  "photosite.highlights": itemsAt("highlights"),
};
