import { itemsAt, type MonitorRules } from "@sda/core";

/**
 * How monitors use the forum platform's operations (see `MonitorRule`): posts and comments by their `fullname`
 * (`t3_…`, `t1_…`, unique across the whole platform).
 */
export const forumsiteMonitorRules: MonitorRules = {
  "forumsite.subreddit-posts": itemsAt("posts", "fullname"),
  "forumsite.search": itemsAt("posts", "fullname"),
  "forumsite.subreddit-search": itemsAt("posts", "fullname"),
  "forumsite.post-comments": itemsAt("comments", "fullname"),
};
