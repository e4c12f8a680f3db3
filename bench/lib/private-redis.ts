/**
 * A `redis-server` of one benchmark run and the counting of what reaches it, for section `redis` (`bench/redis.ts`):
 * on a server of its own, `INFO commandstats` counts only the run's commands, and `MONITOR` sees each of them with
 * the client connection that sent it, so commands can be told apart by process (gateway, worker) and by Lua script.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { once } from "node:events";
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import * as bullScripts from "bullmq/dist/esm/scripts/index.js";
import { Redis } from "ioredis";
import { freePort } from "./stack.ts";

/** Commands by name (`INFO commandstats` names: lower case, subcommands as `client|setname`). */
export type Counts = Map<string, number>;

/** A private `redis-server` (no persistence, 127.0.0.1 only); `stop` kills it. */
export interface PrivateRedis {
  url: string;
  port: number;
  /** The server's pid (the bench kills it on exit, also on SIGINT/SIGTERM). */
  pid: number;
  /** `INFO commandstats` now: calls per command, Lua scripts' own commands included (the bench's INFO not). */
  commandStats(): Promise<Counts>;
  /** Starts a MONITOR connection; every command from then on is handed to `onCommand`. */
  monitor(onCommand: (command: MonitoredCommand) => void): Promise<void>;
  /** Closes the MONITOR connections (MONITOR slows every command: off before measuring throughput). */
  stopMonitors(): void;
  stop(): Promise<void>;
}

/** One command MONITOR saw. */
export interface MonitoredCommand {
  /** Lower-case command name (`evalsha`, `get`…). */
  name: string;
  /** The client's `127.0.0.1:<port>`, or `lua` for a command a script ran (it follows its script's own line). */
  source: string;
  /** For `eval`/`evalsha`: the script's name (BullMQ's script name, the first line of an EVAL body, or the SHA). */
  script?: string;
  /** The first key's shape: without the run's `bench_…:` prefix, ids and numbers as `*` (`hold:req_*`). */
  key?: string;
}

/** `bench_<run>:hold:req_AbC12` → `hold:req_*`; numbers and prefixed ids become `*` (≤ 40 chars). */
function keyShape(key: string): string {
  return key
    .replace(/^bench_[a-z0-9]+_[a-f0-9]+:/, "")
    .replace(/\b([a-z]{2,5})_[A-Za-z0-9]{6,}/g, "$1_*")
    .replace(/[0-9a-f]{16,}|\d+/g, "*")
    .slice(0, 40);
}

const sha1 = (text: string) => createHash("sha1").update(text).digest("hex");

/** The text of a MONITOR argument as sent (Redis prints it with `sdscatrepr`'s escapes; ioredis only undoes `\\"`). */
function unescapeRepr(text: string): string {
  const simple: Record<string, string> = {
    n: "\n",
    r: "\r",
    t: "\t",
    a: "\x07",
    b: "\b",
    "\\": "\\",
    '"': '"',
  };
  return text.replace(/\\(x[0-9a-f]{2}|.)/g, (_, c: string) =>
    c.length === 3 ? String.fromCharCode(Number.parseInt(c.slice(1), 16)) : (simple[c] ?? c),
  );
}

/** BullMQ's scripts by the SHA1 ioredis sends them under (`defineCommand` hashes the script's text as it is). */
const BULLMQ_SCRIPTS = new Map<string, string>(
  Object.values(bullScripts as Record<string, { name: string; content: string }>)
    .filter((s) => typeof s?.content === "string")
    .map((s) => [sha1(s.content), s.name]),
);

/** A script's name from its body: BullMQ's when it is one of theirs, else the body's first line (≤ 48 chars). */
function scriptName(body: string): string {
  const known = BULLMQ_SCRIPTS.get(sha1(body));
  if (known) return known;
  const line = body
    .replace(/^\s*--\[\[/, "")
    .split("\n")
    .map((l) => l.trim())
    .find((l) => l.length > 0);
  return `eval: ${(line ?? "").slice(0, 48)}`;
}

/**
 * Starts `redis-server` on a free port with `--save "" --appendonly no` and waits for its PING. The server is killed
 * when this process exits (also through `process.exit` after SIGINT/SIGTERM), so it never outlives the run.
 * @throws when `redis-server` is not on the PATH or does not answer within 10 s.
 */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    "redis-server",
    [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
      "--loglevel",
      "warning",
    ],
    // A process group of its own: a terminal's Ctrl-C (or `timeout`) signals the bench's whole group, and a server
    // gone before the stack has deleted its keys left the stack's clean-up retrying and the run's database undropped.
    { stdio: ["ignore", "ignore", "inherit"], detached: true },
  );
  const kill = () => child.kill("SIGKILL");
  process.once("exit", kill);
  // A signal before the stack has its own handler (which stops the stack and exits: then `exit` kills the server).
  const onSignal = (signal: NodeJS.Signals) => {
    if (process.listenerCount(signal) > 1) return;
    kill();
    process.exit(130);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  const url = `redis://127.0.0.1:${port}`;
  const admin = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => 100 });
  admin.on("error", () => undefined);
  const monitors: Redis[] = [];
  const stop = async () => {
    for (const m of monitors) m.disconnect();
    admin.disconnect();
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      await exited;
    }
    process.off("exit", kill);
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  };
  try {
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`redis-server exited with code ${child.exitCode}`);
      if (await admin.ping().catch(() => null)) break;
      if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not answer within 10 s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  // SHA → name of the EVAL bodies seen (ioredis sends a defined script's body once, after the server's NOSCRIPT).
  const seen = new Map<string, string>(BULLMQ_SCRIPTS);
  return {
    url,
    port,
    pid: child.pid ?? 0,
    async commandStats() {
      const counts: Counts = new Map();
      for (const line of (await admin.info("commandstats")).split("\n")) {
        const match = /^cmdstat_([^:]+):calls=(\d+)/.exec(line.trim());
        if (match) counts.set(match[1] as string, Number(match[2]));
      }
      // This INFO is counted in the next one: every snapshot adds exactly one.
      return counts;
    },
    async monitor(onCommand) {
      const monitor = await admin.monitor();
      monitors.push(monitor);
      monitor.on("monitor", (_time: string, args: string[], source: string) => {
        const name = (args[0] ?? "").toLowerCase();
        const command: MonitoredCommand = { name, source, key: args[1] ? keyShape(args[1]) : "" };
        if (name === "eval") {
          const body = unescapeRepr(args[1] ?? "");
          command.script = scriptName(body);
          seen.set(sha1(body), command.script);
        } else if (name === "evalsha") {
          const sha = (args[1] ?? "").toLowerCase();
          command.script = seen.get(sha) ?? `evalsha ${sha.slice(0, 8)}`;
        }
        onCommand(command);
      });
    },
    stopMonitors() {
      for (const m of monitors.splice(0)) m.disconnect();
    },
    stop,
  };
}

/** `a − b` per command (missing counts as 0); `info` less `infoCalls`, the bench's own snapshots. */
export function difference(a: Counts, b: Counts, infoCalls = 1): Counts {
  const out: Counts = new Map();
  for (const name of new Set([...a.keys(), ...b.keys()]))
    out.set(name, (a.get(name) ?? 0) - (b.get(name) ?? 0));
  out.set("info", (out.get("info") ?? 0) - infoCalls);
  return out;
}

/**
 * Which process holds each client connection to the Redis on `redisPort`: client port → label, from the sockets of
 * `/proc/net/tcp{,6}` whose remote port is the server's and the socket inodes under `/proc/<pid>/fd`.
 * @param processes label → pids (e.g. `gateway` → [pid]).
 */
export function connectionOwners(
  redisPort: number,
  processes: Record<string, number[]>,
): Map<number, string> {
  const inodeOwner = new Map<string, string>();
  for (const [label, pids] of Object.entries(processes))
    for (const pid of pids) {
      let fds: string[] = [];
      try {
        fds = readdirSync(`/proc/${pid}/fd`);
      } catch {
        continue;
      }
      for (const fd of fds) {
        try {
          const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
          if (match) inodeOwner.set(match[1] as string, label);
        } catch {
          // closed meanwhile
        }
      }
    }
  const owners = new Map<number, string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let lines: string[] = [];
    try {
      lines = readFileSync(table, "utf8").split("\n").slice(1);
    } catch {
      continue;
    }
    for (const line of lines) {
      // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
      const fields = line.trim().split(/\s+/);
      const [local, remote, inode] = [fields[1], fields[2], fields[9]];
      if (!local || !remote || !inode) continue;
      if (Number.parseInt(remote.split(":")[1] ?? "", 16) !== redisPort) continue;
      const owner = inodeOwner.get(inode);
      if (owner) owners.set(Number.parseInt(local.split(":")[1] ?? "", 16), owner);
    }
  }
  return owners;
}
