import Table from "cli-table3";
import { stringify } from "csv-stringify/sync";

/** The output formats of `--output`. */
export const FORMATS = ["json", "jsonl", "table", "csv"] as const;
export type Format = (typeof FORMATS)[number];

/** A table cell's longest text in `table` output (longer values end with `…`). */
const CELL_WIDTH = 60;

/**
 * The rows of an answer's data: a list page's items (the array holding its `totalReturned` items, as `paginate`
 * reads it), else the data itself as one row.
 */
export function rowsOf(data: unknown): unknown[] {
  if (Array.isArray(data)) return data;
  if (!data || typeof data !== "object") return [data];
  const total = (data as { totalReturned?: unknown }).totalReturned;
  const items = Object.values(data).find(
    (v) => Array.isArray(v) && typeof total === "number" && v.length === total,
  );
  return items ? (items as unknown[]) : [data];
}

/** A row as flat columns: nested objects as `author.name`, arrays and deeper values as JSON. */
function flatten(value: unknown, prefix = "", into: Record<string, unknown> = {}, depth = 0) {
  if (value && typeof value === "object" && !Array.isArray(value) && depth < 2) {
    for (const [key, inner] of Object.entries(value))
      flatten(inner, prefix ? `${prefix}.${key}` : key, into, depth + 1);
  } else into[prefix || "value"] = value;
  return into;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** The header and the cells of rows, columns in first-seen order (or `columns`, in their order). */
function grid(rows: unknown[], columns?: string[]): { header: string[]; cells: string[][] } {
  const flat = rows.map((row) => flatten(row));
  const header = columns ?? [...new Set(flat.flatMap((row) => Object.keys(row)))];
  return { header, cells: flat.map((row) => header.map((column) => cellText(row[column]))) };
}

/**
 * The text printed for an answer: `json` the data (indented), `jsonl` one row per line, `table` a box table of the
 * rows (cells cut at 60 characters), `csv` RFC 4180 with a header line.
 * @param data the answer's `data`, or every item of a `--all` run.
 * @param columns the columns of `table` and `csv` (default: every flattened field).
 */
export function render(data: unknown, format: Format, columns?: string[]): string {
  if (format === "json") return `${JSON.stringify(data, null, 2)}\n`;
  const rows = rowsOf(data);
  if (format === "jsonl") return rows.map((row) => `${JSON.stringify(row)}\n`).join("");
  const { header, cells } = grid(rows, columns);
  if (format === "csv") return stringify([header, ...cells]);
  const table = new Table({ head: header, style: { head: [], border: [] }, wordWrap: false });
  for (const row of cells)
    table.push(row.map((cell) => (cell.length > CELL_WIDTH ? `${cell.slice(0, CELL_WIDTH - 1)}…` : cell)));
  return `${table.toString()}\n`;
}
