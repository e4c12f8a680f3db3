import { platforms, replayOrigins } from "@sda/catalog";
import { describe, expect, it } from "vitest";
import { composedEnvSchema, features, loadServiceEnv } from "./env.ts";

describe("the composed env", () => {
  it("composes the env schema: each platform's own variables with their defaults, and its origin", () => {
    const config = loadServiceEnv({ ...replayOrigins("http://127.0.0.1:9") });
    for (const platform of platforms) {
      expect(config[platform.originVariable]).toBe("http://127.0.0.1:9");
      for (const variable of Object.keys(platform.env.shape))
        expect(variable.startsWith(`${platform.name.toUpperCase()}_`)).toBe(true);
    }
    expect(() => loadServiceEnv({ [platforms[0]?.originVariable ?? ""]: "not a url" })).toThrow(
      /_ORIGIN="not a url"/,
    );
  });

  it("holds every feature's variables in the schema the README's table is written from", () => {
    const shape = composedEnvSchema().shape;
    for (const feature of features)
      for (const variable of Object.keys(feature.env.shape)) expect(shape, variable).toHaveProperty(variable);
  });
});
