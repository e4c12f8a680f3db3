import { EnvError } from "@sda/core";
import { composedEnvSchema, loadServiceEnv } from "@sda/services/env";
import { describe, expect, it } from "vitest";
import { gatewayEnv } from "./env.ts";

describe("the gateway's env slice", () => {
  it("is parsed with the composed env, with its documented defaults", () => {
    const config = loadServiceEnv({}, [gatewayEnv]);
    expect(config.PORT).toBe(3000);
    expect(config.REQUEST_DEADLINE_MS).toBe(110_000);
    expect(config.MCP_DEADLINE_MS).toBe(50_000);
    expect(config.VALIDATE_RESPONSES).toBe(false);
    expect(loadServiceEnv({ PORT: "3001", VALIDATE_RESPONSES: "yes" }, [gatewayEnv])).toMatchObject({
      PORT: 3001,
      VALIDATE_RESPONSES: true,
    });
  });

  it("names a bad variable of the slice at start, beside the service-wide ones", () => {
    let error: unknown;
    try {
      loadServiceEnv({ PORT: "abc", QUEUE_PREFIX: "a b" }, [gatewayEnv]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    expect((error as Error).message).toContain('PORT="abc"');
    expect((error as Error).message).toContain('QUEUE_PREFIX="a b"');
  });

  it("is part of the composed schema the README's table is written from, once per variable", () => {
    const shape = composedEnvSchema([gatewayEnv]).shape;
    for (const variable of Object.keys(gatewayEnv.env.shape))
      expect(shape, variable).toHaveProperty(variable);
    expect(() => composedEnvSchema([gatewayEnv, gatewayEnv])).toThrow(
      /PORT is declared by both gateway and gateway/,
    );
  });
});
