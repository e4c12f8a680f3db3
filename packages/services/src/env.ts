import { batchEnv } from "@sda/batch/env";
import { canaryEnv } from "@sda/canary/env";
import { platforms } from "@sda/catalog";
import { type EnvSource, type FeatureEnv, loadEnv, type ServiceConfig, serviceEnvSchema } from "@sda/core";
import { dashboardEnv } from "@sda/dashboard/env";
import { mediaEnv } from "@sda/media/env";
import { monitorsEnv } from "@sda/monitors/env";
import { summarizeEnv } from "@sda/summarize/env";
import { webhooksEnv } from "@sda/webhooks/env";

/**
 * The env slices of the feature packages (speech-to-text, LLM, webhooks, batch, monitors, dashboard, canaries), each
 * declared in its package's `env.ts`; every process parses them all, as it parses every platform's. Composed here,
 * above every feature package, so the catalog lists platforms only.
 */
export const features: readonly FeatureEnv[] = [
  mediaEnv,
  summarizeEnv,
  webhooksEnv,
  batchEnv,
  monitorsEnv,
  dashboardEnv,
  canaryEnv,
];

/**
 * Parses the environment with the service-wide schema plus every feature's and every catalog platform's slice and
 * `<NAME>_ORIGIN`: what each process (gateway, worker, CLI, demo, canary) does once at start.
 * @param source the variables (default `process.env`).
 * @throws EnvError naming each invalid variable.
 */
export function loadServiceEnv(source?: EnvSource): ServiceConfig {
  return loadEnv(source, platforms, features);
}

/**
 * The composed environment schema every process parses ({@link loadServiceEnv}): the service-wide variables, each
 * feature's and platform's slice and `<NAME>_ORIGIN`s. `npm run docs` writes the README's configuration table from it.
 */
export function composedEnvSchema(): ReturnType<typeof serviceEnvSchema> {
  return serviceEnvSchema(platforms, features);
}
