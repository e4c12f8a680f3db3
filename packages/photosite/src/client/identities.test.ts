import type { PlatformRequest } from "@sda/contract";
import { identitiesKey } from "@sda/strategy";
import { recordingRequests } from "@sda/testing";
import { describe, expect } from "vitest";
import { photositeTest } from "../../test/fixtures.ts";
import { parsePost } from "../inputs/params.ts";
import { QUERIES, WEB_APP_ID } from "./config.ts";
import { fetchPost } from "./post.ts";

/** The photosite fixtures plus `recordingContext(config)`: a context whose HTTP client keeps every request it sends. */
const test = photositeTest.extend(
  "recordingContext",
  ({ contextWith }) =>
    (config: Record<string, string> = {}) =>
      recordingRequests(contextWith({ IDENTITIES_REFRESH_SECONDS: "0", ...config })),
);

const reel = () => {
  const post = parsePost("C10MvewSSYl");
  if (!post.ok) throw new Error("the test's shortcode does not parse");
  return post.value;
};
const form = (request: PlatformRequest | undefined) => new URLSearchParams(String(request?.body ?? ""));

describe("photosite identities without a release", () => {
  test("sends the code's doc_id, app id and X-ASBD-ID when nothing is configured", async ({
    recordingContext,
  }) => {
    const { ctx, sent } = recordingContext();
    expect((await fetchPost(ctx, reel())).via).toBe("graphql");
    expect(form(sent[0]).get("doc_id")).toBe(QUERIES.post.docId);
    expect(sent[0]?.headers?.["x-ig-app-id"]).toBe(WEB_APP_ID);
  });

  test("takes doc_ids, app id and X-ASBD-ID from IDENTITIES_JSON, and the Redis key over it at runtime", async ({
    recordingContext,
  }) => {
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

  test("keeps the code values when the section is invalid", async ({ recordingContext }) => {
    const { ctx, sent } = recordingContext({
      IDENTITIES_JSON: JSON.stringify({ photosite: { appId: "not a number", docIds: { post: 5 } } }),
    });
    await fetchPost(ctx, reel());
    expect(form(sent[0]).get("doc_id")).toBe(QUERIES.post.docId);
    expect(sent[0]?.headers?.["x-ig-app-id"]).toBe(WEB_APP_ID);
  });
});
