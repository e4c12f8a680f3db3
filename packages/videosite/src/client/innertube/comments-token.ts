import { encodeToken, protoMessage, writeMessage, writeString, writeVarint } from "./token.ts";

/**
 * The continuation token of a video's first comments page, built as the web client builds it (the same token the
 * watch page's comments section carries in `continuationItemRenderer`), so the comments need no `/next` round trip.
 *
 * Bytes: `12 0d 12 0b <V> 18 06 32 25 22 11 22 0b <V> 30 00 78 02 42 10 "comments-section"`, i.e.
 * `{2: {2: videoId}, 3: 6, 6: {4: {4: videoId, 6: 0, 15: 2}, 8: "comments-section"}}` (field 6.4.6 is the sort,
 * 0 = top comments); URL-safe base64 with `%3D` padding.
 * @param videoId an 11-character video id.
 */
export function commentsFirstPageToken(videoId: string): string {
  const writer = protoMessage();
  writeMessage(writer, 2, (context) => writeString(context, 2, videoId));
  writeVarint(writer, 3, 6);
  writeMessage(writer, 6, (params) => {
    writeMessage(params, 4, (options) => {
      writeString(options, 4, videoId);
      writeVarint(options, 6, 0);
      writeVarint(options, 15, 2);
    });
    writeString(params, 8, "comments-section");
  });
  return encodeToken(writer.finish());
}
