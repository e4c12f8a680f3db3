import { encodeToken, protoMessage, writeMessage, writeString } from "./token.ts";

/** Field number of the browse continuation wrapper (`e2 a9 85 b2 02` on the wire). */
const BROWSE_CONTINUATION_FIELD = 80226972;

/**
 * The continuation token of a playlist's first 100 items, built as the clients build it (the playlist page itself
 * carries the same token), so the items are read with one `browse` continuation request.
 *
 * Bytes: `e2 a9 85 b2 02 <len> inner` with inner = `12 <len> "VL"+P  1a 10 "CADCBgIIAA%3D%3D"  9a 02 <len> P`
 * (`{80226972: {2: "VL"+P, 3: "CADCBgIIAA%3D%3D", 35: P}}`); URL-safe base64 with `%3D` padding.
 * Later pages use the continuation found at the end of the previous page.
 * @param playlistId the playlist id without the `VL` browse prefix.
 */
export function playlistFirstPageToken(playlistId: string): string {
  const writer = protoMessage();
  writeMessage(writer, BROWSE_CONTINUATION_FIELD, (inner) => {
    writeString(inner, 2, `VL${playlistId}`);
    writeString(inner, 3, "CADCBgIIAA%3D%3D");
    writeString(inner, 35, playlistId);
  });
  return encodeToken(writer.finish());
}
