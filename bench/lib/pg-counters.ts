/**
 * What one window of a benchmark run wrote to PostgreSQL, for section `stores` (`bench/stores.ts`):
 *  - rows inserted, updated and deleted per table of the run's own database (`pg_stat_user_tables` deltas), and its
 *    committed transactions (`pg_stat_database.xact_commit`);
 *  - WAL bytes, cluster-wide: `pg_wal_lsn_diff` of `pg_current_wal_lsn()` at both ends, with `pg_stat_wal`'s records
 *    and full-page images; every database of the server adds to it;
 *  - WAL bytes of the run's database alone, when `pg_waldump` can read the server's `pg_wal` (same machine, readable
 *    directory): the window's records read back and attributed to the database by their block references (`rel
 *    <tablespace>/<database>/<relation>`) and, for those without one (commit records), by the transaction id of a
 *    record that has one. Nothing is written to the server, and nothing of it is reconfigured.
 * PostgreSQL publishes a backend's table counters only when that backend goes idle, at most once a second and else
 * after up to 10 s (`PGSTAT_IDLE_INTERVAL`): a window's end must be read at least ~11 s after its last statement.
 */
import { execFile } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);

/** Rows written to one table: inserted, updated, deleted. */
export interface TableRows {
  ins: number;
  upd: number;
  del: number;
}

/** The counters at one moment. */
export interface PgSnapshot {
  /** `pg_current_wal_lsn()` as text (`0/1A4C08F0`). */
  lsn: string;
  /** `pg_stat_wal`: records, full-page images, bytes (cluster-wide). */
  walRecords: number;
  walFpi: number;
  /** Per table (`relname`) of the run's database. */
  tables: Map<string, TableRows>;
  xactCommit: number;
}

/** What a window wrote: the difference of two snapshots, and the WAL of the run's database when readable. */
export interface PgWindow {
  /** Cluster-wide WAL bytes between the two LSNs. */
  walBytes: number;
  walRecords: number;
  walFpi: number;
  /** WAL record bytes of the run's database (MAXALIGNed; page headers not counted), or NaN without `pg_waldump`. */
  dbWalBytes: number;
  /** Of them, the records carrying a full-page image, and their bytes. */
  dbFpiRecords: number;
  dbFpiBytes: number;
  /**
   * Of `dbWalBytes`, the bytes by relation: a record's first block reference of the database, named as `pg_class`
   * names it now (a partition or a partition's index under its partitioned table's or index's name), and a record
   * without one under its resource manager (`(Transaction)` for commits), with the bytes of those records that carry
   * a full-page image. Empty without `pg_waldump`.
   */
  dbWalByRelation: Map<string, RelationWal>;
  /** `pg_waldump`'s error when it read no record of the window (the database's figures are NaN then). */
  dbWalError?: string;
  tables: Map<string, TableRows>;
  xactCommit: number;
}

/** WAL record bytes of one relation in a window, and of them the records' that carry a full-page image. */
export interface RelationWal {
  bytes: number;
  fpiBytes: number;
}

/** Reads the counters of one database of the server at `databaseUrl` (one connection of its own). */
export interface PgCounters {
  /** How the database's WAL is read: the `pg_waldump` command and directory, or why it is not. */
  dbWal: string;
  snapshot(): Promise<PgSnapshot>;
  /** `end − start`; reads the window's WAL back with `pg_waldump` when it can. */
  window(start: PgSnapshot, end: PgSnapshot): Promise<PgWindow>;
  close(): Promise<void>;
}

const align8 = (n: number) => Math.ceil(n / 8) * 8;

/** `0/1A4C08F0` → its byte position (exact below 2⁵³, i.e. for the first 8 PiB of WAL). */
const lsnNumber = (lsn: string) => {
  const [hi = "0", lo = "0"] = lsn.split("/");
  return Number.parseInt(hi, 16) * 2 ** 32 + Number.parseInt(lo, 16);
};

/**
 * The bytes of the records of `pg_waldump` output `text` that belong to database `dbOid` (see the file's comment): a
 * record with block references is the database's when one of them is; one without (a commit) when its transaction
 * wrote a record with one. Sizes are `tot` rounded up to 8 (MAXALIGN), as records sit in the WAL.
 */
function attributeWal(
  text: string,
  dbOid: number,
  end = Number.POSITIVE_INFINITY,
): {
  bytes: number;
  fpiRecords: number;
  fpiBytes: number;
  records: number;
  /** Bytes by the relfilenode of the record's first block reference of `dbOid`, or by `(rmgr)` without one. */
  byFile: Map<string, RelationWal>;
} {
  const records = text
    .split("\n")
    .map((line) => {
      const length = /len \(rec\/tot\):\s*\d+\/\s*(\d+), tx:\s*(\d+), lsn: ([0-9A-F]+\/[0-9A-F]+)/.exec(line);
      if (!length || lsnNumber(length[3] as string) >= end) return undefined;
      const refs = [...line.matchAll(/rel \d+\/(\d+)\/(\d+)/g)];
      const dbs = refs.map((m) => Number(m[1]));
      const file =
        refs.find((m) => Number(m[1]) === dbOid)?.[2] ?? `(${/rmgr: (\w+)/.exec(line)?.[1] ?? "?"})`;
      return {
        bytes: align8(Number(length[1])),
        xid: Number(length[2]),
        dbs,
        file,
        fpi: /\bFPW\b/.test(line),
      };
    })
    .filter((r) => r !== undefined);
  const xids = new Set(records.filter((r) => r.xid !== 0 && r.dbs.includes(dbOid)).map((r) => r.xid));
  let bytes = 0;
  let fpiRecords = 0;
  let fpiBytes = 0;
  const byFile = new Map<string, RelationWal>();
  for (const r of records) {
    const ours = r.dbs.length > 0 ? r.dbs.includes(dbOid) : r.xid !== 0 && xids.has(r.xid);
    if (!ours) continue;
    bytes += r.bytes;
    const file = byFile.get(r.file) ?? { bytes: 0, fpiBytes: 0 };
    byFile.set(r.file, { bytes: file.bytes + r.bytes, fpiBytes: file.fpiBytes + (r.fpi ? r.bytes : 0) });
    if (r.fpi) {
      fpiRecords += 1;
      fpiBytes += r.bytes;
    }
  }
  return { bytes, fpiRecords, fpiBytes, records: records.length, byFile };
}

/**
 * The relation names of `byFile`'s relfilenodes in the run's database (a partition's relation under its root's name,
 * so every month of `request_logs` adds to `request_logs`); a relfilenode no relation has any more (a dropped
 * scratch table) stays as `#<relfilenode>`.
 */
async function byRelation(
  client: pg.Client,
  byFile: Map<string, RelationWal>,
): Promise<Map<string, RelationWal>> {
  const { rows } = await client.query<{ file: string; name: string }>(
    `SELECT pg_relation_filenode(oid)::text AS file, COALESCE(pg_partition_root(oid), oid)::regclass::text AS name
       FROM pg_class WHERE pg_relation_filenode(oid) IS NOT NULL`,
  );
  const names = new Map(rows.map((r) => [r.file, r.name.replaceAll('"', "")]));
  const out = new Map<string, RelationWal>();
  for (const [file, wal] of byFile) {
    const name = file.startsWith("(") ? file : (names.get(file) ?? `#${file}`);
    const sum = out.get(name) ?? { bytes: 0, fpiBytes: 0 };
    out.set(name, { bytes: sum.bytes + wal.bytes, fpiBytes: sum.fpiBytes + wal.fpiBytes });
  }
  return out;
}

/**
 * Connects to `databaseUrl` and finds `pg_waldump` (BENCH_PG_WALDUMP, else the Debian path of the server's major
 * version, `/usr/lib/postgresql/<major>/bin/pg_waldump`) and the server's `pg_wal` (BENCH_PG_WAL_DIR, else
 * `<data_directory>/pg_wal`, readable only on the server's machine by a user allowed to).
 */
export async function startPgCounters(databaseUrl: string): Promise<PgCounters> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const one = async <T>(text: string) => (await client.query(text)).rows[0] as T;
  const { oid, version, dir } = await one<{ oid: number; version: string; dir: string }>(
    `SELECT (SELECT oid::int FROM pg_database WHERE datname = current_database()) AS oid,
            current_setting('server_version_num') AS version, current_setting('data_directory') AS dir`,
  );
  const walDir = process.env.BENCH_PG_WAL_DIR ?? `${dir}/pg_wal`;
  const major = Math.floor(Number(version) / 10_000);
  const waldump = process.env.BENCH_PG_WALDUMP ?? `/usr/lib/postgresql/${major}/bin/pg_waldump`;
  let dbWal = `${waldump} -p ${walDir}`;
  let readable = true;
  try {
    accessSync(waldump, constants.X_OK);
    accessSync(walDir, constants.R_OK);
  } catch {
    readable = false;
    dbWal = `not read (${waldump} or ${walDir} not accessible here; BENCH_PG_WALDUMP, BENCH_PG_WAL_DIR)`;
  }
  return {
    dbWal,
    async snapshot() {
      // One statement: one snapshot of the shared statistics, and no transaction of its own left in the tables.
      const row = await one<{
        lsn: string;
        records: string;
        fpi: string;
        commits: string;
        tables: TableRow[];
      }>(
        `SELECT pg_current_wal_lsn()::text AS lsn, w.wal_records AS records, w.wal_fpi AS fpi,
                (SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()) AS commits,
                (SELECT coalesce(json_agg(json_build_object('t', relname, 'i', n_tup_ins, 'u', n_tup_upd,
                                                           'd', n_tup_del)), '[]')
                   FROM pg_stat_user_tables) AS tables
           FROM pg_stat_wal w`,
      );
      return {
        lsn: row.lsn,
        walRecords: Number(row.records),
        walFpi: Number(row.fpi),
        xactCommit: Number(row.commits),
        tables: new Map(row.tables.map((t) => [t.t, { ins: t.i, upd: t.u, del: t.d }])),
      };
    },
    async window(start, end) {
      const { bytes } = await one<{ bytes: string }>(
        `SELECT pg_wal_lsn_diff('${end.lsn}', '${start.lsn}') AS bytes`,
      );
      const tables = new Map<string, TableRows>();
      for (const [name, e] of end.tables) {
        const s = start.tables.get(name) ?? { ins: 0, upd: 0, del: 0 };
        tables.set(name, { ins: e.ins - s.ins, upd: e.upd - s.upd, del: e.del - s.del });
      }
      const db = readable
        ? await readDbWal(waldump, walDir, start.lsn, end.lsn, oid)
        : {
            bytes: Number.NaN,
            fpiRecords: Number.NaN,
            fpiBytes: Number.NaN,
            byFile: new Map<string, RelationWal>(),
            error: undefined,
          };
      return {
        walBytes: Number(bytes),
        walRecords: end.walRecords - start.walRecords,
        walFpi: end.walFpi - start.walFpi,
        dbWalBytes: db.bytes,
        dbFpiRecords: db.fpiRecords,
        dbFpiBytes: db.fpiBytes,
        dbWalByRelation: await byRelation(client, db.byFile),
        ...(db.error ? { dbWalError: db.error } : {}),
        tables,
        xactCommit: end.xactCommit - start.xactCommit,
      };
    },
    close: () => client.end(),
  };
}

interface TableRow {
  t: string;
  i: number;
  u: number;
  d: number;
}

/**
 * `pg_waldump` from `start` to `end`, attributed to database `oid`. Its last record may be one still being written:
 * `pg_waldump` then stops with an error after printing the others, which are kept.
 */
async function readDbWal(waldump: string, walDir: string, start: string, end: string, oid: number) {
  if (start === end)
    return {
      bytes: 0,
      fpiRecords: 0,
      fpiBytes: 0,
      records: 0,
      byFile: new Map<string, RelationWal>(),
      error: undefined,
    };
  const dump = (args: string[]) =>
    run(waldump, ["-p", walDir, "-s", start, ...args], { maxBuffer: 512 * 1024 * 1024 }).catch(
      (error: { stdout?: string; stderr?: string; message?: string }) => ({
        stdout: error.stdout ?? "",
        stderr: error.stderr || error.message || "",
      }),
    );
  let output = await dump(["-e", end]);
  let found = attributeWal(output.stdout, oid);
  // An end at a segment's first byte names a segment not yet created: read on from the start, stop at the end.
  if (found.records === 0) {
    output = await dump([]);
    found = attributeWal(output.stdout, oid, lsnNumber(end));
  }
  // A window without any record at all (a quiet server) wrote nothing; pg_waldump then says nothing either.
  if (found.records > 0 || !output.stderr) return { ...found, error: undefined };
  const error = output.stderr.trim().split("\n")[0] || "no record read";
  return { bytes: Number.NaN, fpiRecords: Number.NaN, fpiBytes: Number.NaN, byFile: found.byFile, error };
}
