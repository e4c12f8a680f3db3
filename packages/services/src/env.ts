import { batchEnv } from "@sda/batch/env";
import { canaryEnv } from "@sda/canary/env";
import { platforms } from "@sda/catalog";
import { type EnvSource, type FeatureEnv, loadEnv, type ServiceConfig, serviceEnvSchema } from "@sda/core";
import { dashboardEnv } from "@sda/dashboard/env";
import { historyEnv } from "@sda/history/env";
import { ledgerEnv } from "@sda/ledger/env";
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
  ledgerEnv,
  historyEnv,
  mediaEnv,
  summarizeEnv,
  webhooksEnv,
  batchEnv,
  monitorsEnv,
  dashboardEnv,
  canaryEnv,
];

/** The parsed values of a list of app slices, one intersection (`[gatewayEnv, workerEnv]` → both slices' fields). */
export type AppEnvValues<A extends readonly FeatureEnv[]> = A extends readonly [
  infer First extends FeatureEnv,
  ...infer Rest extends readonly FeatureEnv[],
]
  ? ReturnType<First["of"]> & AppEnvValues<Rest>
  : unknown;

/**
 * Parses the environment once with the service-wide schema plus the given apps' own slices (each app's
 * `apps/<app>/src/env.ts`: `[gatewayEnv]` in the gateway), every feature's and every catalog platform's slice and
 * `<NAME>_ORIGIN`: what each process (gateway, worker, CLI, demo, canary) does once at start.
 * @param source the variables (default `process.env`).
 * @param apps the slices of the apps this process runs (a test stack running gateway and workers passes both).
 * @returns the configuration, typed with each app slice's values.
 * @throws EnvError naming each invalid variable.
 * @throws Error when two slices declare the same variable.
 */
export function loadServiceEnv<const A extends readonly FeatureEnv[] = []>(
  source?: EnvSource,
  apps?: A,
): ServiceConfig & AppEnvValues<A> {
  return loadEnv(source, platforms, [...(apps ?? []), ...features]) as ServiceConfig & AppEnvValues<A>;
}

/**
 * The composed environment schema of the given apps' slices ({@link loadServiceEnv}): the service-wide variables,
 * each app's, each feature's and platform's slice and `<NAME>_ORIGIN`s, in that order. `npm run docs` writes the
 * README's configuration table from it, with every app's slice.
 * @throws Error when two slices declare the same variable.
 */
export function composedEnvSchema(apps: readonly FeatureEnv[] = []): ReturnType<typeof serviceEnvSchema> {
  return serviceEnvSchema(platforms, [...apps, ...features]);
}
