import { describe, expect, it } from "vitest";
import { EnvError, loadEnv } from "./env.ts";

describe("loadEnv", () => {
  it("applies the documented defaults", () => {
    const config = loadEnv({});
    expect(config.PORT).toBe(3000);
    expect(config.REQUEST_DEADLINE_MS).toBe(110_000);
    expect(config.CACHE_TTL_SECONDS).toBe(86_400);
    expect(config.VIDEOSITE_ORIGIN).toBeUndefined();
  });

  it("names every bad variable at start", () => {
    let error: unknown;
    try {
      loadEnv({ PORT: "abc", VIDEOSITE_ORIGIN: "not a url", QUEUE_PREFIX: "a b" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as Error).message;
    expect(message).toContain('PORT="abc"');
    expect(message).toContain('VIDEOSITE_ORIGIN="not a url"');
    expect(message).toContain('QUEUE_PREFIX="a b"');
  });
});
