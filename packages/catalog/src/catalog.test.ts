import { replayHttpClient, startReplay, testEnv } from "@sda/testing";
import { describe, expect, it } from "vitest";
import { platforms, registry } from "./index.ts";

describe("the catalog", () => {
  it("has a handler for every operation of every platform, loaded lazily from the platform's package", async () => {
    for (const op of registry.operations)
      expect(typeof (await registry.handler(op.id)), op.id).toBe("function");
    expect(new Set(registry.operations.map((op) => op.platform))).toEqual(
      new Set(platforms.map((p) => p.name)),
    );
  });

  it("routes every registered platform to the replay in tests; an unrouted host fails loudly, never goes live", async () => {
    const replay = await startReplay(platforms);
    try {
      const env = testEnv({}, replay);
      for (const platform of platforms)
        expect(env[platform.originVariable], platform.name).toBe(replay.origin);
      const http = replayHttpClient(replay);
      await expect(http.request({ platform: "unregistered", url: "https://example.org/x" })).rejects.toThrow(
        /no origin routes example\.org and live hosts are off/,
      );
      await http.close();
    } finally {
      await replay.close();
    }
  });
});
