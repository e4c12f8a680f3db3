import { connect } from "node:net";

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
 * Checks Redis and PostgreSQL; for each one down, a line naming it and how to start it (the helper .ci/run uses).
 * @returns the problem lines (empty when both answer).
 */
export async function checkServices(redisUrl: string, databaseUrl: string): Promise<string[]> {
  const [redis, postgres] = await Promise.all([answers(redisUrl, 6379), answers(databaseUrl, 5432)]);
  const problems: string[] = [];
  if (!redis) problems.push(`Redis is not answering at ${redisUrl} (REDIS_URL).`);
  if (!postgres) problems.push(`PostgreSQL is not answering at ${new URL(databaseUrl).host} (DATABASE_URL).`);
  if (problems.length)
    problems.push(
      "Start them with: bash scripts/services.sh start   (or: docker compose up -d redis postgres)",
    );
  return problems;
}
