import type { OperationContext } from "@sda/core";
import type { ReplayServer } from "@sda/replay";
import { serviceErrorOf, startReplay } from "@sda/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeNewsContext, newsContext } from "../test-support.ts";
import { NewsClient } from "./client.ts";

let replay: ReplayServer;
let ctx: OperationContext;

beforeAll(async () => {
  replay = await startReplay();
  ctx = newsContext(replay);
});
afterAll(async () => {
  await closeNewsContext(ctx);
  await replay.close();
});

describe("the Firebase client on the recorded answers", () => {
  it.each(["/v0/maxid.json", "/v0/top_stories.json"])(
    "firebase-permission-denied: %s (401 Permission denied) is a non-retryable upstream_error",
    async (path) => {
      const error = await serviceErrorOf(new NewsClient(ctx).firebase(path));
      expect(error).toMatchObject({
        code: "upstream_error",
        status: 502,
        retryable: false,
        details: { platform: "newssite", upstreamStatus: 401, reason: "permission_denied" },
      });
    },
  );

  it("item-not-found-null: a missing item is null (HTTP 200, body null)", async () => {
    expect(await new NewsClient(ctx).item("jl")).toBeNull();
  });

  it("maxitem-2014-10 and updates-2014-10: a bare number and the changed ids and profiles", async () => {
    const client = new NewsClient(ctx);
    expect(await client.firebase("/v0/maxitem.json")).toBe(8438954);
    expect(await client.firebase("/v0/updates.json")).toMatchObject({
      items: expect.arrayContaining([8434181]),
      profiles: expect.arrayContaining(["bluthru"]),
    });
  });

  it("Algolia is asked with the identity parameters the recordings match (no page on a first page)", async () => {
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
  });
});
