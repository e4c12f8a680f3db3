import type { Readable } from "node:stream";
import {
  brotliDecompressSync,
  createBrotliDecompress,
  createGunzip,
  createInflate,
  gunzipSync,
  inflateSync,
} from "node:zlib";

type Header = string | string[] | undefined;

function encodingOf(header: Header): string {
  return (Array.isArray(header) ? header.join(",") : (header ?? "")).trim().toLowerCase();
}

/** Decodes a buffered body by its `Content-Encoding` (gzip, deflate, br; identity otherwise). */
export function decodeBody(body: Buffer, contentEncoding: Header): Buffer {
  const encoding = encodingOf(contentEncoding);
  if (body.length === 0) return body;
  if (encoding === "gzip" || encoding === "x-gzip") return gunzipSync(body);
  if (encoding === "deflate") return inflateSync(body);
  if (encoding === "br") return brotliDecompressSync(body);
  return body;
}

/** Decodes a streamed body by its `Content-Encoding` (the media download path). */
export function decodeStream(body: Readable, contentEncoding: Header): Readable {
  const encoding = encodingOf(contentEncoding);
  const decoder =
    encoding === "gzip" || encoding === "x-gzip"
      ? createGunzip()
      : encoding === "deflate"
        ? createInflate()
        : encoding === "br"
          ? createBrotliDecompress()
          : null;
  if (!decoder) return body;
  body.on("error", (error) => decoder.destroy(error));
  return body.pipe(decoder);
}
