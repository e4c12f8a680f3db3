// Setup file of the `cluster` project: every stack, worker process and key clean-up of its files uses the run's
// Redis Cluster (`testEnv` reads TEST_REDIS_CLUSTER_NODES into REDIS_CLUSTER_NODES).
import { inject } from "vitest";

process.env.TEST_REDIS_CLUSTER_NODES = inject("redisClusterNodes");
