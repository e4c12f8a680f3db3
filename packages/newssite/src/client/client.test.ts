import { serviceErrorOf, stampedFor } from "@sda/testing";
import { describe, expect } from "vitest";
import { newsTest } from "../../test/fixtures.ts";
import { NewsClient } from "./client.ts";

describe("the Firebase client on the recorded answers", () => {
  newsTest.for(["/v0/maxid.json", "/v0/top_stories.json"])(
    "firebase-permission-denied: %s (401 Permission denied) is a non-retryable upstream_error",
    async (path, { ctx }) => {
      const error = await serviceErrorOf(stampedFor(ctx, new NewsClient(ctx).firebase(path)));
      expect(error).toMatchObject({
        code: "upstream_error",
        status: 502,
        retryable: false,
        details: { platform: "newssite", upstreamStatus: 401, reason: "permission_denied" },
      });
    },
  );

  newsTest("item-not-found-null: a missing item is null (HTTP 200, body null)", async ({ ctx }) => {
    expect(await new NewsClient(ctx).item("jl")).toBeNull();
  });

  newsTest(
    "an origin's 404 (here the replay's 'no recording' answer) is an upstream error, never a missing item",
    async ({ ctx }) => {
      const error = await serviceErrorOf(new NewsClient(ctx).item(8863));
      expect(error).toMatchObject({ code: "upstream_error", status: 502, details: { upstreamStatus: 404 } });
    },
  );

  newsTest(
    "an Algolia 404 the caller accepts is thrown when it is the replay's 'no recording', never read as not found",
    async ({ ctx }) => {
      const error = await serviceErrorOf(
        new NewsClient(ctx).algolia("/api/v1/users/unrecorded_user", {}, { acceptStatus: [404] }),
      );
      expect(error).toMatchObject({
        code: "upstream_error",
        status: 502,
        retryable: true,
        details: { platform: "newssite", upstreamStatus: 404, replay: "no_match" },
      });
    },
  );

  newsTest(
    "maxitem-2014-10 and updates-2014-10: a bare number and the changed ids and profiles",
    async ({ ctx }) => {
      const client = new NewsClient(ctx);
      expect(await client.firebase("/v0/maxitem.json")).toBe(8438954);
      expect(await client.firebase("/v0/updates.json")).toMatchObject({
        items: expect.arrayContaining([8434181]),
        profiles: expect.arrayContaining(["bluthru"]),
      });
    },
  );

  newsTest(
    "Algolia is asked with the identity parameters the recordings match (no page on a first page)",
    async ({ ctx, replay }) => {
      const response = await new NewsClient(ctx).algolia("/api/v1/search", {
        query: "apple",
        tags: "(story)",
        page: undefined,
        hitsPerPage: 20,
      });
      expect(response.status).toBe(200);
      expect(replay.hits.at(-1)).toMatchObject({
        path: "/api/v1/search",
        caseId: "algolia-search-apple-story",
      });
    },
  );
});
