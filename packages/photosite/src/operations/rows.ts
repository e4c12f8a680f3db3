import type { Media, UserRef } from "../readers/model.ts";

/**
 * The response shapes of media in lists. Post rows name the author `user` (SPEC §2.11 "Photo channel posts: …
 * `user{}`"); the details operation names it `author`.
 */

/** A post row of a list (`data.posts[]`). */
export type PostRow = Omit<Media, "author"> & { user: UserRef | null };

/** A reel row of a list (`data.reels[]`): a post row plus its engagement. */
export type ReelRow = PostRow & {
  /** `views` is the reel's plays when the platform gives them (what it shows as views), else its video views. */
  engagement: { views: number | null; likes: number | null; comments: number | null };
  /** Which count `engagement.views` is: `play_count`, `view_count`, or null when neither was given. */
  viewsSource: "play_count" | "view_count" | null;
};

/** A media as a post row. */
export function postRow(media: Media): PostRow {
  const { author, ...rest } = media;
  return { ...rest, user: author };
}

/** A media as a reel row. */
export function reelRow(media: Media): ReelRow {
  const viewsSource =
    media.playCount !== null ? "play_count" : media.viewCount !== null ? "view_count" : null;
  return {
    ...postRow(media),
    engagement: {
      views: media.playCount ?? media.viewCount,
      likes: media.likeCount,
      comments: media.commentCount,
    },
    viewsSource,
  };
}

/** True for a short video (a reel, or a video post: the platform shows both in its reels surfaces). */
export function isShortVideo(media: Media): boolean {
  return media.isReel || media.type === "video";
}
