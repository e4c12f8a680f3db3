import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { decodeBody, decodeStream } from "./encoding.ts";

const body = Buffer.from('{"hello":"wörld"}');

describe("content decoding", () => {
  it("decodes gzip, deflate and br bodies, and passes identity through", () => {
    expect(decodeBody(gzipSync(body), "gzip").toString()).toBe(body.toString());
    expect(decodeBody(deflateSync(body), "deflate").toString()).toBe(body.toString());
    expect(decodeBody(brotliCompressSync(body), "br").toString()).toBe(body.toString());
    expect(decodeBody(body, undefined)).toBe(body);
  });

  it("decodes a streamed gzip body", async () => {
    expect(await text(decodeStream(Readable.from([gzipSync(body)]), "gzip"))).toBe(body.toString());
  });
});
