import { readFileSync } from "node:fs";
import path from "node:path";
import internals from "@prisma/internals";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { MIGRATIONS_DIR } from "./migrate.ts";

// The migrated database (global setup applied prisma/migrations with our step) must match prisma/schema.prisma:
// the schema engine that `prisma migrate diff` needs cannot run offline, so this compares the DMMF of the schema
// (Prisma's own parser, WebAssembly) with what PostgreSQL reports, table by table.

type Field = {
  name: string;
  dbName?: string | null;
  kind: "scalar" | "enum" | "object";
  type: string;
  isRequired: boolean;
  hasDefaultValue: boolean;
  relationFromFields?: string[];
  relationToFields?: string[];
  relationOnDelete?: string;
  /** `@db.<Type>(<args>)`, e.g. `["Timestamptz", ["3"]]`; null for the scalar's default type. */
  nativeType?: [string, string[]] | null;
};
type Model = { name: string; dbName: string | null; fields: Field[] };
type Index = {
  model: string;
  type: "id" | "unique" | "normal";
  fields: { name: string }[];
  dbName?: string | null;
};
type Dmmf = {
  datamodel: {
    models: Model[];
    enums: { name: string; dbName: string | null; values: { name: string }[] }[];
    indexes: Index[];
  };
};

const SCALAR_TYPES: Record<string, string> = {
  String: "text",
  Int: "integer",
  BigInt: "bigint",
  Float: "double precision",
  Boolean: "boolean",
  DateTime: "timestamp(3) without time zone",
  Json: "jsonb",
};

/** PostgreSQL's name of a field's type: its `@db.` native type when it has one, else its scalar's default. */
function sqlTypeOf(f: Field): string | undefined {
  const [name, args] = f.nativeType ?? [];
  if (name === "Timestamptz") return `timestamp(${args?.[0] ?? 6}) with time zone`;
  if (name) throw new Error(`native type @db.${name} of ${f.name}: add it to the drift check`);
  return SCALAR_TYPES[f.type];
}

let dmmf: Dmmf;
const client = new pg.Client({ connectionString: inject("databaseUrl") });
/** The partitioned tables' partition key column (issue 38: `request_logs`, `metric_snapshots`). */
let partitionKeys = new Map<string, string>();

/** Excludes the partitions of partitioned tables (`<table>_pYYYYMM`, `<table>_default`): the schema names parents. */
const NOT_A_PARTITION = (table: string) =>
  `NOT EXISTS (SELECT 1 FROM pg_class pc WHERE pc.relname = ${table} AND pc.relnamespace = 'public'::regnamespace AND pc.relispartition)`;

beforeAll(async () => {
  const schemaPath = path.resolve(MIGRATIONS_DIR, "../schema.prisma");
  const { getDMMF } = internals as unknown as { getDMMF(o: { datamodel: string }): Promise<Dmmf> };
  dmmf = await getDMMF({ datamodel: readFileSync(schemaPath, "utf8") });
  await client.connect();
  const { rows } = await client.query<{ table: string; column: string }>(
    `SELECT c.relname AS table, a.attname AS column
       FROM pg_partitioned_table p JOIN pg_class c ON c.oid = p.partrelid
       JOIN pg_attribute a ON a.attrelid = p.partrelid AND a.attnum = p.partattrs[0]`,
  );
  partitionKeys = new Map(rows.map((r) => [r.table, r.column]));
});
afterAll(() => client.end());

const tableOf = (m: Model) => m.dbName ?? m.name;
const columnOf = (m: Model, fieldName: string) => {
  const f = m.fields.find((x) => x.name === fieldName);
  return f?.dbName ?? f?.name ?? fieldName;
};

describe("migrated database matches schema.prisma", () => {
  it("has exactly the schema's tables (plus Prisma's bookkeeping table)", async () => {
    const { rows } = await client.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND ${NOT_A_PARTITION("table_name")}`,
    );
    const expected = [...dmmf.datamodel.models.map(tableOf), "_prisma_migrations"].sort();
    expect(rows.map((r) => r.table_name).sort()).toEqual(expected);
  });

  it("has every column with the schema's type, nullability and default", async () => {
    const { rows } = await client.query<{
      table_name: string;
      column_name: string;
      type: string;
      is_nullable: string;
      column_default: string | null;
    }>(
      `SELECT c.table_name, c.column_name, format_type(a.atttypid, a.atttypmod) AS type, c.is_nullable, c.column_default
         FROM information_schema.columns c
         JOIN pg_attribute a ON a.attrelid = (quote_ident(c.table_name))::regclass AND a.attname = c.column_name
        WHERE c.table_schema = 'public' AND c.table_name <> '_prisma_migrations' AND ${NOT_A_PARTITION("c.table_name")}`,
    );
    const actual = rows
      .map(
        (r) =>
          `${r.table_name}.${r.column_name} ${r.type} ${r.is_nullable === "YES" ? "null" : "not null"} ${r.column_default === null ? "" : "default"}`,
      )
      .sort();
    const expected = dmmf.datamodel.models
      .flatMap((m) =>
        m.fields
          .filter((f) => f.kind !== "object")
          .map((f) => {
            const enumType = dmmf.datamodel.enums.find((e) => e.name === f.type);
            const type = f.kind === "enum" ? (enumType?.dbName ?? f.type) : sqlTypeOf(f);
            return `${tableOf(m)}.${f.dbName ?? f.name} ${type} ${f.isRequired ? "not null" : "null"} ${f.hasDefaultValue ? "default" : ""}`;
          }),
      )
      .sort();
    expect(actual).toEqual(expected);
  });

  it("has the schema's enums with their values in order", async () => {
    const { rows } = await client.query<{ typname: string; labels: string[] }>(
      `SELECT t.typname, array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS labels
         FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid GROUP BY t.typname`,
    );
    const expected = dmmf.datamodel.enums.map((e) => ({
      typname: e.dbName ?? e.name,
      labels: e.values.map((v) => v.name),
    }));
    expect(rows.sort((a, b) => a.typname.localeCompare(b.typname))).toEqual(
      expected.sort((a, b) => a.typname.localeCompare(b.typname)),
    );
  });

  it("has the schema's primary keys, unique and plain indexes, under Prisma's default names", async () => {
    const { rows } = await client.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes
        WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' AND ${NOT_A_PARTITION("tablename")}`,
    );
    // A partial index (`… WHERE (col IS NOT NULL)`) and an index's storage parameters (`… WITH (pages_per_range='8')`),
    // which Prisma's schema cannot state, are compared by the columns.
    const columnsOf = (def: string) => {
      const full = def.replace(/ WHERE \(.*\)$/, "").replace(/ WITH \([^)]*\)$/, "");
      return full.slice(full.indexOf("(") + 1, -1);
    };
    const actual = rows
      .map(
        (r) =>
          `${r.indexname} ${r.indexdef.includes("UNIQUE") ? "unique" : "index"} ${columnsOf(r.indexdef).replaceAll('"', "")}`,
      )
      .sort();
    const expected = dmmf.datamodel.indexes
      .map((index) => {
        const model = dmmf.datamodel.models.find((m) => m.name === index.model) as Model;
        const table = tableOf(model);
        // A partitioned table's unique indexes hold its partition key as well (PostgreSQL requires it); the schema
        // states the logical key, which the one writer keeps unique (docs/design-history.md, 2026-12-02).
        const partitionKey = index.type === "normal" ? undefined : partitionKeys.get(table);
        const logical = index.fields.map((f) => columnOf(model, f.name));
        const columns =
          partitionKey && !logical.includes(partitionKey) ? [...logical, partitionKey] : logical;
        const suffix = index.type === "id" ? "pkey" : index.type === "unique" ? "key" : "idx";
        const name =
          index.dbName ?? (index.type === "id" ? `${table}_pkey` : `${table}_${logical.join("_")}_${suffix}`);
        return `${name} ${index.type === "normal" ? "index" : "unique"} ${columns.join(", ")}`;
      })
      .sort();
    expect(actual).toEqual(expected);
  });

  it("has the schema's foreign keys with their ON DELETE rules", async () => {
    const { rows } = await client.query<{ conname: string; def: string }>(
      "SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE contype = 'f' AND connamespace = 'public'::regnamespace AND conparentid = 0",
    );
    const rules: Record<string, string> = {
      Cascade: "CASCADE",
      SetNull: "SET NULL",
      Restrict: "RESTRICT",
      NoAction: "NO ACTION",
    };
    const expected = dmmf.datamodel.models
      .flatMap((m) =>
        m.fields
          .filter((f) => f.kind === "object" && f.relationFromFields?.length)
          .map((f) => {
            const target = dmmf.datamodel.models.find((x) => x.name === f.type) as Model;
            const from = (f.relationFromFields ?? []).map((c) => columnOf(m, c));
            const to = (f.relationToFields ?? []).map((c) => columnOf(target, c));
            const onDelete = rules[f.relationOnDelete ?? (f.isRequired ? "Restrict" : "SetNull")];
            return `${tableOf(m)}_${from.join("_")}_fkey FOREIGN KEY (${from.join(", ")}) REFERENCES ${tableOf(target)}(${to.join(", ")}) ON UPDATE CASCADE ON DELETE ${onDelete}`;
          }),
      )
      .sort();
    expect(rows.map((r) => `${r.conname} ${r.def.replaceAll('"', "")}`).sort()).toEqual(expected);
  });
});
