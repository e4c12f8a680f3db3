import { type ChildProcess, spawn } from "node:child_process";
import { connect, createServer } from "node:net";

/** A free TCP port on 127.0.0.1 (the OS picks it; closed again before it is returned). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once something accepts TCP connections on the port (polling every 50 ms, up to `timeoutMs`). */
export async function waitForPort(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: "127.0.0.1", port });
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on port ${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A redis-server owned by one test, on its own free port and without persistence (`--save "" --appendonly no`), so a
 * test can kill and restart it without touching the machine's shared Redis. A restart starts empty, as a crashed
 * Redis without persistence does.
 */
export interface TestRedis {
  port: number;
  url: string;
  /** SIGKILLs the server and waits for it to exit. */
  kill(): Promise<void>;
  /** Starts it again on the same port; resolves once it accepts connections. */
  start(): Promise<void>;
}

/**
 * @param options.appendOnlyDir keep an append-only file there, fsynced on every write (`--appendfsync always`): a
 *   restart after `kill` comes back with every acknowledged write, as a Redis run with persistence does.
 */
export async function startTestRedis(options: { appendOnlyDir?: string } = {}): Promise<TestRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const persistence = options.appendOnlyDir
    ? ["--appendonly", "yes", "--appendfsync", "always", "--dir", options.appendOnlyDir]
    : ["--appendonly", "no"];
  const start = async () => {
    child = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", ...persistence],
      {
        stdio: "ignore",
      },
    );
    await waitForPort(port);
  };
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async kill() {
      const running = child;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((r) => running.once("exit", r));
      running.kill("SIGKILL");
      await exited;
    },
    start,
  };
}
