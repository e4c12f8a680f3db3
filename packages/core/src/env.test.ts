import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineFeatureEnv, EnvError, envVar, loadEnv, serviceEnvSchema } from "./env.ts";

const platforms = [
  {
    name: "alpha",
    env: z.object({ ALPHA_TOKEN: z.string().optional(), ALPHA_PAGES: z.coerce.number().default(3) }),
  },
  { name: "beta", env: z.object({}) },
];

describe("loadEnv", () => {
  it("applies the documented defaults, the platforms' own defaults, and leaves origins unset", () => {
    const config = loadEnv({}, platforms);
    expect(config.QUEUE_PREFIX).toBe("sda");
    expect(config.RESULT_TTL_SECONDS).toBe(3600);
    expect(config.CACHE_TTL_SECONDS).toBe(86_400);
    expect(config.ALPHA_PAGES).toBe(3);
    expect(config.ALPHA_ORIGIN).toBeUndefined();
    expect(config.BETA_ORIGIN).toBeUndefined();
    expect(config.UPSTREAM_TIMEOUT_MS).toBe(15_000);
    expect(loadEnv({ UPSTREAM_TIMEOUT_MS: "250" }, platforms).UPSTREAM_TIMEOUT_MS).toBe(250);
  });

  it("parses each platform's slice once, by platform name: its own variables and its origin, nothing else", () => {
    const config = loadEnv(
      { ALPHA_TOKEN: "t", ALPHA_ORIGIN: "http://127.0.0.1:9", QUEUE_PREFIX: "x" },
      platforms,
    );
    expect(config.platforms.alpha).toEqual({
      ALPHA_ORIGIN: "http://127.0.0.1:9",
      ALPHA_TOKEN: "t",
      ALPHA_PAGES: 3,
    });
    expect(config.platforms.beta).toEqual({});
    expect(Object.isFrozen(config.platforms.alpha)).toBe(true);
    expect(Object.keys(config.platforms)).toEqual(["alpha", "beta"]);
  });

  it("names every bad variable at start, service-wide or a platform's", () => {
    let error: unknown;
    try {
      loadEnv(
        { CACHE_TTL_SECONDS: "abc", BETA_ORIGIN: "not a url", QUEUE_PREFIX: "a b", ALPHA_PAGES: "x" },
        platforms,
      );
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as Error).message;
    expect(message).toContain('CACHE_TTL_SECONDS="abc"');
    expect(message).toContain('BETA_ORIGIN="not a url"');
    expect(message).toContain('QUEUE_PREFIX="a b"');
    expect(message).toContain('ALPHA_PAGES="x"');
  });

  it("refuses a variable declared twice", () => {
    expect(() =>
      serviceEnvSchema([...platforms, { name: "gamma", env: z.object({ REDIS_URL: z.string() }) }]),
    ).toThrow(/REDIS_URL is declared by both core and gamma/);
  });

  it("reads a feature's slice parsed with the schema, or from the variables a configuration carries, or its defaults", () => {
    const feature = defineFeatureEnv(
      "gadget",
      z.object({ GADGET_ON: envVar.bool.default(false), GADGET_LIMIT: envVar.int(4, 1) }),
    );
    const composed = loadEnv({ GADGET_ON: "yes", GADGET_LIMIT: "7" }, platforms, [feature]);
    expect(composed.GADGET_ON).toBe(true);
    expect(feature.of(composed)).toEqual({ GADGET_ON: true, GADGET_LIMIT: 7 });
    // A configuration parsed without the slice (a test's, platforms only) yields it from the variables it carries.
    expect(feature.of({ ...loadEnv({}, platforms), GADGET_LIMIT: "9" })).toEqual({
      GADGET_ON: false,
      GADGET_LIMIT: 9,
    });
    expect(feature.of({ ...loadEnv({}, platforms) })).toEqual({ GADGET_ON: false, GADGET_LIMIT: 4 });
    // Nothing hidden: what a configuration was parsed from, but does not carry, is not read.
    expect(feature.of(loadEnv({ GADGET_LIMIT: "9" }, platforms))).toEqual({
      GADGET_ON: false,
      GADGET_LIMIT: 4,
    });
    expect(() => feature.of({ ...loadEnv({}, platforms), GADGET_LIMIT: "0" })).toThrow(/GADGET_LIMIT="0"/);
    expect(() => loadEnv({ GADGET_LIMIT: "x" }, platforms, [feature])).toThrow(EnvError);
    expect(() =>
      serviceEnvSchema(platforms, [defineFeatureEnv("clash", z.object({ REDIS_URL: z.string() }))]),
    ).toThrow(/REDIS_URL is declared by both core and clash/);
  });
});
