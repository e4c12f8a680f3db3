import { AsyncLocalStorage } from "node:async_hooks";
import { mkdir, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";
import type { JobRecorder, PlatformSpec, RecordedJob } from "@sda/contract";
import type { Logger } from "@sda/core";
import { type Exchange, toHarEntry } from "./har-entry.ts";

/**
 * Record mode (`UPSTREAM_RECORD_DIR`): the exchanges of one job (every upstream request its handler made, redirect
 * hops included) are collected while the job runs and written as **one HAR case file** in the corpus README's format
 * (`<dir>/<platform>/<operation>-<job id>.har`), which the replay serves as it is (`REPLAY_DIRS=<dir>`). So an operator
 * can capture a live failure and replay it offline.
 *
 * The job scope is an AsyncLocalStorage: requests made outside {@link Recorder.record} (none in a worker) are not
 * recorded.
 */
export interface Recorder extends JobRecorder {
  /** Called by the upstream client for every exchange; a no-op outside a recorded job. */
  capture(exchange: Exchange): void;
}

/** What record mode needs of a platform: its name and its recording rule (see `definePlatform`). */
export type RecordedPlatform = Pick<PlatformSpec, "name" | "recording">;

export interface RecorderOptions {
  /** Directory the case files are written to (created when missing). */
  dir: string;
  /** The platforms whose exchanges are recorded (the catalog's): each `_match` follows its platform's rule. */
  platforms: readonly RecordedPlatform[];
  log: Logger;
  /** The service version in `_source` (`recorded <host>@<version>`). */
  version?: string;
  now?: () => Date;
}

interface Scope {
  job: RecordedJob;
  exchanges: Exchange[];
}

const SAFE = /[^A-Za-z0-9._-]+/g;

/**
 * The platform folder of a case: its operation's platform (`videosite.transcript` → videosite) when that is a
 * recorded platform, else the first request's.
 */
function platformOf(scope: Scope, platforms: ReadonlyMap<string, RecordedPlatform>): string {
  const fromOperation = scope.job.operation.split(".")[0] ?? "";
  if (platforms.has(fromOperation)) return fromOperation;
  return scope.exchanges[0]?.platform ?? "other";
}

/**
 * One entry per identical `_match`: the replay serves one answer per request, so when the job asked the same thing
 * twice (a retry after a refused token, a page asked again) the later answer is kept — the one the job went on with —
 * and the entry notes the earlier statuses in `_matchNote`.
 */
function lastAnswers(entries: Record<string, unknown>[]): Record<string, unknown>[] {
  const byMatch = new Map<string, number>();
  const dropped = new Map<string, number[]>();
  entries.forEach((entry, index) => {
    const key = JSON.stringify(entry._match);
    const earlier = byMatch.get(key);
    if (earlier !== undefined) {
      const status = (entries[earlier]?.response as { status?: number } | undefined)?.status ?? 0;
      dropped.set(key, [...(dropped.get(key) ?? []), status]);
    }
    byMatch.set(key, index);
  });
  const kept = new Set(byMatch.values());
  return entries
    .filter((_, index) => kept.has(index))
    .map((entry) => {
      const statuses = dropped.get(JSON.stringify(entry._match));
      return statuses
        ? {
            ...entry,
            _matchNote: `the same request was answered earlier in this job (status ${statuses.join(", ")}); the replay serves one answer per request, the last is kept`,
          }
        : entry;
    });
}

/** Creates the recorder the upstream client and the engine share (see the module comment). */
export function createRecorder(options: RecorderOptions): Recorder {
  const storage = new AsyncLocalStorage<Scope>();
  const now = options.now ?? (() => new Date());
  const source = `recorded ${hostname()}@${options.version ?? "0.1.0"}`;
  const platforms = new Map(options.platforms.map((p) => [p.name, p]));
  const ruleOf = (platform: string) => platforms.get(platform)?.recording ?? {};

  async function write(scope: Scope, failed: boolean, dir: string): Promise<string | null> {
    if (scope.exchanges.length === 0) return null;
    const platform = platformOf(scope, platforms);
    const caseId = `${scope.job.operation}-${scope.job.jobId}`.replace(SAFE, "_");
    const recordedAt = now();
    const log = {
      version: "1.2",
      creator: { name: "social-data-api record mode", version: options.version ?? "0.1.0" },
      comment: `${scope.job.operation} job ${scope.job.jobId}${failed ? " (failed)" : ""}, recorded ${recordedAt.toISOString()}`,
      _case: {
        id: caseId,
        platform,
        covers: `${scope.job.operation} ${JSON.stringify(scope.job.params ?? {})}`,
      },
      entries: lastAnswers(
        scope.exchanges.map((exchange) =>
          toHarEntry(exchange, { source, recordedAt, rule: ruleOf(exchange.platform) }),
        ),
      ),
    };
    const file = path.join(dir, platform, `${caseId}.har`);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, `${JSON.stringify({ log }, null, 1)}\n`);
    options.log.info({ file, entries: scope.exchanges.length }, "upstream exchanges recorded");
    return file;
  }

  return {
    capture(exchange) {
      storage.getStore()?.exchanges.push(exchange);
    },
    async record(job, fn, recordOptions = {}) {
      const scope: Scope = { job, exchanges: [] };
      const when = recordOptions.when ?? "always";
      let outcome: Awaited<ReturnType<typeof fn>>;
      try {
        outcome = await storage.run(scope, fn);
      } catch (error) {
        await write(scope, true, recordOptions.dir ?? options.dir).then(
          (file) => recordOptions.onRecorded?.(file),
          (writeError: unknown) => options.log.warn({ err: writeError }, "recording could not be written"),
        );
        throw error;
      }
      if (when === "always")
        await write(scope, false, recordOptions.dir ?? options.dir).then(
          (file) => recordOptions.onRecorded?.(file),
          (writeError: unknown) => options.log.warn({ err: writeError }, "recording could not be written"),
        );
      return outcome;
    },
  };
}
