import { EnvError } from "@sda/core";
import { composedEnvSchema, loadServiceEnv } from "@sda/services/env";
import { describe, expect, it } from "vitest";
import { workerEnv } from "./env.ts";

describe("the worker's env slice", () => {
  it("is parsed with the composed env, with its documented defaults", () => {
    const config = loadServiceEnv({}, [workerEnv]);
    expect(config.WORKER_QUEUES).toBe("");
    expect(config.WORKER_CONCURRENCY).toBe(256);
    expect(config.JOB_LOCK_MS).toBe(10_000);
    expect(config.RESERVATION_SWEEP_MS).toBe(60_000);
    expect(config.UPSTREAM_CONNECTIONS).toBeUndefined();
    expect(config.WORKER_METRICS_PORT).toBeUndefined();
    expect(loadServiceEnv({ WORKER_QUEUES: "audio", WORKER_METRICS_PORT: "0" }, [workerEnv])).toMatchObject({
      WORKER_QUEUES: "audio",
      WORKER_METRICS_PORT: 0,
    });
  });

  it("names a bad variable of the slice at start, beside the service-wide ones", () => {
    let error: unknown;
    try {
      loadServiceEnv({ JOB_LOCK_MS: "10", QUEUE_PREFIX: "a b" }, [workerEnv]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    expect((error as Error).message).toContain('JOB_LOCK_MS="10"');
    expect((error as Error).message).toContain('QUEUE_PREFIX="a b"');
  });

  it("is part of the composed schema the README's table is written from", () => {
    const shape = composedEnvSchema([workerEnv]).shape;
    for (const variable of Object.keys(workerEnv.env.shape)) expect(shape, variable).toHaveProperty(variable);
  });
});
