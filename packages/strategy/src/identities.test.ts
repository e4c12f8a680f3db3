import { redisTest } from "@sda/testing/fixtures";
import { describe, expect } from "vitest";
import { z } from "zod";
import { IdentitiesConfig, identitiesKey } from "./identities.ts";

/** `redisTest` with `prefix()`: a new key prefix for one config, its keys deleted after the file. */
const test = redisTest.extend(
  "prefix",
  ({ redisPrefix }) =>
    () =>
      redisPrefix("ident"),
);

const defaults = { appId: "111", docIds: { profile: "1" } as Record<string, string> };
const schema = z
  .object({ appId: z.string().regex(/^\d+$/), docIds: z.record(z.string(), z.string()) })
  .partial();

describe("identities config", () => {
  test("without a document the code values apply", async ({ redis, prefix }) => {
    const config = new IdentitiesConfig({ prefix: prefix(), redis });
    expect(await config.section("photosite", schema, defaults)).toEqual(defaults);
    expect(await config.chainOrder("videosite", "transcript")).toBeUndefined();
  });

  test("the env document overrides the defaults per key; an invalid section keeps the defaults", async ({
    prefix,
  }) => {
    const json = JSON.stringify({
      photosite: { appId: "222" },
      videosite: { chains: { transcript: ["visionos", "android"] } },
      forumsite: { appId: "not a number" },
    });
    const config = new IdentitiesConfig({ prefix: prefix(), json });
    expect(await config.section("photosite", schema, defaults)).toEqual({
      appId: "222",
      docIds: { profile: "1" },
    });
    expect(await config.section("forumsite", schema, defaults)).toEqual(defaults);
    expect(await config.chainOrder("videosite", "transcript")).toEqual(["visionos", "android"]);
  });

  test("the Redis key wins over the env and is re-read at runtime; a broken key keeps the last good document", async ({
    redis,
    prefix,
  }) => {
    const p = prefix();
    const config = new IdentitiesConfig({
      prefix: p,
      redis,
      json: JSON.stringify({ photosite: { appId: "222" } }),
      refreshSeconds: 0,
    });
    expect((await config.section("photosite", schema, defaults)).appId).toBe("222");
    await redis.set(identitiesKey(p), JSON.stringify({ photosite: { appId: "333" } }));
    expect((await config.section("photosite", schema, defaults)).appId).toBe("333");
    await redis.set(identitiesKey(p), "{not json");
    expect((await config.section("photosite", schema, defaults)).appId).toBe("333");
  });

  test("the Redis key is not re-read before the refresh interval", async ({ redis, prefix }) => {
    const p = prefix();
    const config = new IdentitiesConfig({ prefix: p, redis, refreshSeconds: 3600 });
    expect((await config.section("photosite", schema, defaults)).appId).toBe("111");
    await redis.set(identitiesKey(p), JSON.stringify({ photosite: { appId: "444" } }));
    expect((await config.section("photosite", schema, defaults)).appId).toBe("111");
  });
});
