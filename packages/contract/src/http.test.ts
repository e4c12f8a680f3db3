import { describe, expect, it } from "vitest";
import { bindHttpClient, type HttpClient, type UpstreamRequest } from "./http.ts";

// What lets platform code never write its own name in a request: the handler's HTTP client is bound to its platform.

describe("bindHttpClient (ctx.http)", () => {
  const sent: UpstreamRequest[] = [];
  const http: HttpClient = {
    request: async (request) => {
      sent.push(request);
      throw new Error("not sent");
    },
    stream: async (request) => {
      sent.push(request);
      throw new Error("not sent");
    },
  };

  it("sends a request naming no platform as the bound platform's; one naming a provider keeps it", async () => {
    const bound = bindHttpClient(http, "examplesite");
    await bound.request({ url: "https://example.com/a" }).catch(() => undefined);
    await bound.stream({ url: "https://example.com/b" }).catch(() => undefined);
    const pipeline: HttpClient = bound;
    await pipeline.request({ platform: "asr", url: "https://asr.example/" }).catch(() => undefined);
    expect(sent.map((r) => [r.platform, r.url])).toEqual([
      ["examplesite", "https://example.com/a"],
      ["examplesite", "https://example.com/b"],
      ["asr", "https://asr.example/"],
    ]);
  });
});
