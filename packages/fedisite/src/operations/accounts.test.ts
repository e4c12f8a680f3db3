import { serviceErrorOf } from "@sda/testing";
import { describe, expect } from "vitest";
import { fediTest, run } from "../../test/fixtures.ts";
import { postDetailsSpec } from "../spec/post-details.ts";
import { postsSpec } from "../spec/posts.ts";
import { profileSpec } from "../spec/profile.ts";
import { postDetailsHandler } from "./post-details.ts";
import { postsHandler } from "./posts.ts";
import { profileHandler } from "./profile.ts";

// The handlers over the HTTP replay of the recorded instances. The replay ignores the host (corpus README, fedisite):
// the local development instance's recordings (accounts/lookup, 404 answers) are asked here through a public-looking
// instance name, `mastodon.example.com`, since a link to `localhost:3000` is refused by the instance policy.
const DEV = "https://mastodon.example.com";
const SCHOCHASTICS_BY_ID = "https://fosstodon.org/web/accounts/109302436954721982";

describe("profile", () => {
  fediTest("an id link: the account and its featured tags", async ({ ctx }) => {
    const result = await run(profileSpec, profileHandler, ctx, { url: SCHOCHASTICS_BY_ID });
    expect(result.source).toBe("mastodon:account+featured_tags");
    expect(result.data).toMatchObject({
      id: "109302436954721982",
      username: "schochastics@fosstodon.org",
      followers: 1036,
      featuredTags: [{ name: "RStats", postCount: 88 }],
    });
  });

  fediTest(
    "a handle: accounts/lookup; featured tags the instance does not answer are null",
    async ({ ctx }) => {
      const result = await run(profileSpec, profileHandler, ctx, {
        url: `@mastodonpy_test@${new URL(DEV).host}`,
      });
      expect(result.source).toBe("mastodon:account");
      expect(result.data).toMatchObject({
        id: "117020565966271181",
        username: "mastodonpy_test@mastodon.example.com",
        featuredTags: null,
      });
    },
  );

  fediTest("an unknown account is 404 profile_not_found", async ({ ctx }) => {
    const error = await serviceErrorOf(
      run(profileSpec, profileHandler, ctx, { url: `${DEV}/@kljadklajsdkljlkjlkjlkjasdasd` }),
    );
    expect(error).toMatchObject({ code: "profile_not_found", status: 404, retryable: false });
    expect(error.details).toMatchObject({ upstreamError: "Record not found" });
  });
});

describe("posts", () => {
  fediTest(
    "follows the Link header's max_id across pages, the cursor resuming inside a page",
    async ({ ctx }) => {
      const ids: string[] = [];
      let cursor: string | undefined;
      for (const limit of ["30", "30", "30"]) {
        const { data, count } = await run(postsSpec, postsHandler, ctx, {
          url: SCHOCHASTICS_BY_ID,
          limit,
          ...(cursor ? { cursor } : {}),
        });
        expect(count).toBe(30);
        expect(data).toMatchObject({ accountId: "109302436954721982", account: null, hasMore: true });
        ids.push(...data.posts.map((p) => p.repostId ?? p.id));
        cursor = data.nextCursor ?? undefined;
      }
      expect(new Set(ids).size).toBe(90);
      const last = await run(postsSpec, postsHandler, ctx, {
        url: SCHOCHASTICS_BY_ID,
        limit: "10",
        cursor: cursor ?? "",
      });
      expect(last.data.posts).toHaveLength(10);
      // The fifth recorded page still links a sixth, which was not recorded: the list goes on (hasMore) and its next
      // page is the replay's "no recording" answer, an upstream error, never an empty list.
      expect(last.data.hasMore).toBe(true);
      const beyond = await serviceErrorOf(
        run(postsSpec, postsHandler, ctx, { url: SCHOCHASTICS_BY_ID, cursor: last.data.nextCursor ?? "" }),
      );
      expect(beyond.details).toMatchObject({ replay: "no_match" });
    },
  );

  fediTest("a cursor of another account or filter is 400 invalid_cursor", async ({ ctx }) => {
    const first = await run(postsSpec, postsHandler, ctx, { url: SCHOCHASTICS_BY_ID, limit: "5" });
    const cursor = first.data.nextCursor ?? "";
    const error = await serviceErrorOf(
      run(postsSpec, postsHandler, ctx, { url: SCHOCHASTICS_BY_ID, onlyMedia: "true", cursor }),
    );
    expect(error.code).toBe("invalid_cursor");
  });

  fediTest("an unknown handle is 404 profile_not_found", async ({ ctx }) => {
    const error = await serviceErrorOf(
      run(postsSpec, postsHandler, ctx, { url: `${DEV}/@kljadklajsdkljlkjlkjlkjasdasd` }),
    );
    expect(error.code).toBe("profile_not_found");
  });
});

describe("post-details", () => {
  fediTest("a status link: the post as the instance asked knows it", async ({ ctx }) => {
    const { data, source } = await run(postDetailsSpec, postDetailsHandler, ctx, {
      url: "https://fosstodon.org/@schochastics/114620457512351116",
    });
    expect(source).toBe("mastodon:status");
    expect(data).toMatchObject({
      id: "114620457512351116",
      author: { username: "schochastics@fosstodon.org" },
    });
  });

  fediTest("a remote account's status on mastodon.social keeps its origin url", async ({ ctx }) => {
    const { data } = await run(postDetailsSpec, postDetailsHandler, ctx, {
      url: "https://mastodon.social/@h4lcy.bsky.social@bsky.brid.gy/115044073088181107",
    });
    expect(data.id).toBe("115044073088181107");
    expect(data.url).toMatch(/^https:\/\/bsky\.brid\.gy\//);
  });

  fediTest("an unknown status is 404 post_not_found", async ({ ctx }) => {
    const error = await serviceErrorOf(run(postDetailsSpec, postDetailsHandler, ctx, { url: `${DEV}/@a/0` }));
    expect(error).toMatchObject({ code: "post_not_found", status: 404 });
  });
});
