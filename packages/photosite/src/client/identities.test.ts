import type { HttpClient, UpstreamRequest } from "@sda/core";
import { identitiesKey } from "@sda/strategy";
import { deleteKeysWithPrefix, startReplay, testContext } from "@sda/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parsePost } from "../inputs/params.ts";
import { QUERIES, WEB_APP_ID } from "./config.ts";
import { fetchPost } from "./post.ts";

let replay: Awaited<ReturnType<typeof startReplay>>;
const contexts: ReturnType<typeof testContext>[] = [];
beforeAll(async () => {
  replay = await startReplay();
});
afterAll(async () => {
  for (const ctx of contexts) {
    await deleteKeysWithPrefix(ctx.config.REDIS_URL, ctx.keyPrefix);
    await ctx.redis.quit();
  }
  await replay.close();
});

/** A context whose HTTP client keeps every request it sends. */
function recordingContext(config: Record<string, string> = {}) {
  const ctx = testContext(replay, { config: { IDENTITIES_REFRESH_SECONDS: "0", ...config } });
  contexts.push(ctx);
  const sent: UpstreamRequest[] = [];
  const http: HttpClient = {
    request: (request, signal) => {
      sent.push(request);
      return ctx.http.request(request, signal);
    },
    stream: (request, signal) => ctx.http.stream(request, signal),
  };
  return { ctx: { ...ctx, http }, sent };
}

const reel = () => {
  const post = parsePost("C10MvewSSYl");
  if (!post.ok) throw new Error("the test's shortcode does not parse");
  return post.value;
};
const form = (request: UpstreamRequest | undefined) => new URLSearchParams(String(request?.body ?? ""));

describe("photosite identities without a release", () => {
  it("sends the code's doc_id, app id and X-ASBD-ID when nothing is configured", async () => {
    const { ctx, sent } = recordingContext();
    expect((await fetchPost(ctx, reel())).via).toBe("graphql");
    expect(form(sent[0]).get("doc_id")).toBe(QUERIES.post.docId);
    expect(sent[0]?.headers?.["x-ig-app-id"]).toBe(WEB_APP_ID);
  });

  it("takes doc_ids, app id and X-ASBD-ID from IDENTITIES_JSON, and the Redis key over it at runtime", async () => {
    const { ctx, sent } = recordingContext({
      IDENTITIES_JSON: JSON.stringify({
        photosite: { appId: "111", asbdId: "222", docIds: { post: "333" } },
      }),
    });
    // The recording matches on the friendly name, so a new doc_id still gets the recorded answer.
    expect((await fetchPost(ctx, reel())).via).toBe("graphql");
    expect(form(sent[0]).get("doc_id")).toBe("333");
    expect(form(sent[0]).get("fb_api_req_friendly_name")).toBe(QUERIES.post.name);
    expect(sent[0]?.headers).toMatchObject({ "x-ig-app-id": "111", "x-asbd-id": "222" });

    await ctx.redis.set(
      identitiesKey(ctx.keyPrefix),
      JSON.stringify({ photosite: { docIds: { PolarisPostRootQuery: "444" } } }),
    );
    await fetchPost(ctx, reel());
    expect(form(sent.at(-1)).get("doc_id")).toBe("444");
    expect(sent.at(-1)?.headers?.["x-ig-app-id"]).toBe(WEB_APP_ID);
  });

  it("keeps the code values when the section is invalid", async () => {
    const { ctx, sent } = recordingContext({
      IDENTITIES_JSON: JSON.stringify({ photosite: { appId: "not a number", docIds: { post: 5 } } }),
    });
    await fetchPost(ctx, reel());
    expect(form(sent[0]).get("doc_id")).toBe(QUERIES.post.docId);
    expect(sent[0]?.headers?.["x-ig-app-id"]).toBe(WEB_APP_ID);
  });
});
