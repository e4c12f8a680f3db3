import { describe, expect } from "vitest";
import { stackTest } from "./support/fixtures.ts";

// A worker process serves its own Prometheus metrics (WORKER_METRICS_PORT) behind the operator token, as the gateway
// does: jobs it finished per queue, and the strategy chains it ran (upstream_strategy_total).

const TOKEN = "worker-metrics-token-0123456789";
const test = stackTest.extend(
  "stackOptions",
  { scope: "file" },
  { env: { WORKER_METRICS_PORT: "0", METRICS_TOKEN: TOKEN } },
);

describe("worker /metrics", () => {
  test("401 without the token, 404 elsewhere; with it, the jobs this worker finished and its strategy outcomes", async ({
    stack,
  }) => {
    const port = stack.workers?.metrics?.port;
    expect(port).toBeGreaterThan(0);
    const url = `http://127.0.0.1:${port}/metrics`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: "Bearer wrong-token-0123456789xx" } })).status).toBe(
      401,
    );
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    const { key } = await stack.account(10);
    const call = await stack.get("/v1/videosite/transcript", key, {
      url: "https://www.youtube.com/watch?v=M4gD1WSo5mA",
    });
    expect(call.status).toBe(200);
    const scrape = () =>
      fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } }).then(async (r) => ({
        status: r.status,
        body: await r.text(),
      }));
    expect((await scrape()).status).toBe(200);
    // The counter moves on the worker's own `completed` event, which can come after the gateway has the answer.
    await expect
      .poll(async () => (await scrape()).body)
      .toMatch(/sda_worker_jobs_total\{queue="videosite",outcome="completed"\} [1-9]/);
    const { body } = await scrape();
    expect(body).toContain("upstream_strategy_total");
    expect(body).toContain("process_cpu_user_seconds_total");
  });
});
