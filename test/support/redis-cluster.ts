import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort, waitForPort } from "./redis-server.ts";

const run = promisify(execFile);

/** A Redis Cluster owned by one test run: its own servers on loopback ports, its own directory. */
export interface TestCluster {
  /** The masters' `host:port` at creation (the seeds for `REDIS_CLUSTER_NODES`). */
  masters: string[];
  /** The replicas' ports (one per master when created with replicas), for a failover. */
  replicaPorts: number[];
  /** Stops every server (SIGKILL) and deletes the directory; safe to call twice. */
  stop(): Promise<void>;
}

/** `redis-cli -p port …args`: the reply as text. @throws the command's error (exit code not 0). */
export async function redisCli(port: number, ...args: string[]): Promise<string> {
  const { stdout } = await run("redis-cli", ["-h", "127.0.0.1", "-p", String(port), ...args]);
  return stdout;
}

/**
 * Waits until `CLUSTER INFO` on every port says `cluster_state:ok`, every node knows all `ports.length` nodes and
 * every replica's link to its master is up (polling every 100 ms, `timeoutMs` at most).
 * @throws Error naming the node still not ready after `timeoutMs`.
 */
export async function waitForCluster(ports: readonly number[], timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (const port of ports) {
    for (;;) {
      const info = await redisCli(port, "cluster", "info").catch(() => "");
      const replication = await redisCli(port, "info", "replication").catch(() => "");
      const synced = replication.includes("role:master") || replication.includes("master_link_status:up");
      if (info.includes("cluster_state:ok") && info.includes(`cluster_known_nodes:${ports.length}`) && synced)
        break;
      if (Date.now() > deadline)
        throw new Error(`cluster node ${port} not ready after ${timeoutMs} ms:\n${info}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** `count` distinct free ports: the OS may hand a just-closed port out again before anything binds it. */
async function distinctFreePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

/**
 * Starts `masters` redis-servers in cluster mode (no persistence: `--save "" --appendonly no`), each with `replicas`
 * replicas, under a new directory in the temp folder, creates the cluster with `redis-cli --cluster create` and waits
 * until every node sees it healthy. The servers are killed (and the directory removed) by `stop`, and also when this
 * process exits however it does. A start that fails (a port another process took between its choice and the
 * server's bind, on a busy machine) is stopped and tried again on new ports, three times in all.
 * @throws Error when the third start fails: a server does not start or the cluster is not ready within 30 s.
 */
export async function startTestCluster(
  options: { masters?: number; replicas?: number } = {},
): Promise<TestCluster> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startClusterOnce(options.masters ?? 3, options.replicas ?? 0);
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

async function startClusterOnce(masters: number, replicas: number): Promise<TestCluster> {
  const dir = await mkdtemp(path.join(tmpdir(), "sda-redis-cluster-"));
  const children: ChildProcess[] = [];
  const killAll = () => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  };
  process.once("exit", killAll);
  const stop = async () => {
    const exits = children
      .filter((c) => c.exitCode === null && c.signalCode === null)
      .map((c) => new Promise((resolve) => c.once("exit", resolve)));
    killAll();
    await Promise.all(exits);
    process.off("exit", killAll);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const nodes = masters * (1 + replicas);
    // Each node's cluster bus port is chosen too (port + 10000 may not exist above 55535).
    const free = await distinctFreePorts(2 * nodes);
    const ports = free.slice(0, nodes);
    for (const [i, port] of ports.entries()) {
      const nodeDir = path.join(dir, String(port));
      await mkdir(nodeDir);
      const child = spawn(
        "redis-server",
        [
          ...["--port", String(port), "--bind", "127.0.0.1", "--dir", nodeDir],
          ...["--cluster-enabled", "yes", "--cluster-config-file", path.join(nodeDir, "nodes.conf")],
          ...["--cluster-port", String(free[nodes + i]), "--cluster-node-timeout", "2000"],
          ...["--save", "", "--appendonly", "no"],
        ],
        { stdio: "ignore" },
      );
      children.push(child);
    }
    // Something answering on the port is not enough: it must be this run's server, answering PING.
    for (const port of ports) {
      await waitForPort(port);
      if ((await redisCli(port, "ping")).trim() !== "PONG") throw new Error(`port ${port}: not a Redis`);
    }
    if (children.some((c) => c.exitCode !== null)) throw new Error("a cluster node exited at start");
    const addresses = ports.map((p) => `127.0.0.1:${p}`);
    await run("redis-cli", [
      "--cluster",
      "create",
      ...addresses,
      "--cluster-replicas",
      String(replicas),
      "--cluster-yes",
    ]);
    await waitForCluster(ports);
    // redis-cli makes the first `masters` addresses the masters and the rest their replicas.
    return { masters: addresses.slice(0, masters), replicaPorts: ports.slice(masters), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
