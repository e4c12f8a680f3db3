import { connect } from "node:net";
import type { RedisTarget } from "@sda/core";

/** True when something accepts TCP connections at the host and port of `url` within `timeoutMs`. */
export function answers(url: string, defaultPort: number, timeoutMs = 1500): Promise<boolean> {
  const parsed = new URL(url);
  const port = Number(parsed.port || defaultPort);
  const host = parsed.hostname || "127.0.0.1";
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

/**
 * Checks Redis and PostgreSQL; for each one down, a line naming it and how to start it (the helper .ci/run uses). On
 * a Redis Cluster (`REDIS_CLUSTER_NODES`) Redis is up when one of its seeds answers (the client finds the others
 * from it).
 * @returns the problem lines (empty when both answer).
 */
export async function checkServices(redis: RedisTarget, databaseUrl: string): Promise<string[]> {
  const seeds = redis.clusterNodes ?? [];
  const [redisUp, postgres] = await Promise.all([
    seeds.length
      ? Promise.all(seeds.map((seed) => answers(`redis://${seed}`, 6379))).then((up) => up.includes(true))
      : answers(redis.url, 6379),
    answers(databaseUrl, 5432),
  ]);
  const problems: string[] = [];
  if (!redisUp)
    problems.push(
      seeds.length
        ? `No Redis Cluster seed answers (REDIS_CLUSTER_NODES: ${seeds.join(",")}).`
        : `Redis is not answering at ${redis.url} (REDIS_URL).`,
    );
  if (!postgres) problems.push(`PostgreSQL is not answering at ${new URL(databaseUrl).host} (DATABASE_URL).`);
  if (problems.length)
    problems.push(
      "Start them with: bash scripts/services.sh start   (or: docker compose up -d redis postgres)",
    );
  return problems;
}
