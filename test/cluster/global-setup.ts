import { startTestCluster } from "../support/redis-cluster.ts";

/**
 * Global setup of the `cluster` project: a Redis Cluster of its own (3 masters, 1 replica each) for the run, handed
 * to the test files as `redisClusterNodes` (seeds) and `redisClusterReplicas` (ports); stopped and deleted afterwards.
 */
export default async function setup({
  provide,
}: {
  provide: (key: "redisClusterNodes" | "redisClusterReplicas", value: string) => void;
}) {
  const cluster = await startTestCluster({ masters: 3, replicas: 1 });
  provide("redisClusterNodes", cluster.masters.join(","));
  provide("redisClusterReplicas", cluster.replicaPorts.join(","));
  return () => cluster.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    redisClusterNodes: string;
    redisClusterReplicas: string;
  }
}
