import { stringify } from "csv-stringify/sync";
import type { BatchItemView } from "./views.ts";

/** The whole-batch download formats of `GET /v1/batch/{id}/results?format=` (`json`, the default, is the paged JSON). */
export type BatchExportFormat = "jsonl" | "csv";

/** `Content-Type` and file extension of each download format. */
const batchExportTypes: Record<BatchExportFormat, { mediaType: string; extension: string }> = {
  jsonl: { mediaType: "application/x-ndjson; charset=utf-8", extension: "jsonl" },
  csv: { mediaType: "text/csv; charset=utf-8", extension: "csv" },
};

/** `Content-Type` and `Content-Disposition` (a file named after the batch) of a download. */
export function downloadHeaders(batchId: string, format: BatchExportFormat): Record<string, string> {
  const type = batchExportTypes[format];
  return {
    "Content-Type": type.mediaType,
    "Content-Disposition": `attachment; filename="${batchId}.${type.extension}"`,
  };
}

/** The CSV columns, in order (the header row). */
export const BATCH_CSV_COLUMNS = [
  "index",
  "path",
  "params",
  "status",
  "httpStatus",
  "credits",
  "source",
  "cache",
  "finishedAt",
  "errorCode",
  "errorMessage",
  "data",
] as const;

/**
 * A spreadsheet opening the CSV must not run a cell as a formula (CSV injection, OWASP): a text cell starting with
 * `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`. Numbers stay numbers; JSON cells start with `{`.
 */
function inert(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** One item as a CSV row of {@link BATCH_CSV_COLUMNS}: `params`, `data` as JSON text, the error's code and message. */
function csvRow(item: BatchItemView): (string | number)[] {
  const error = (item.error ?? null) as { code?: unknown; message?: unknown } | null;
  const text = (value: unknown) => (typeof value === "string" ? inert(value) : "");
  return [
    item.index,
    text(item.path),
    JSON.stringify(item.params),
    item.status,
    item.httpStatus ?? "",
    item.credits,
    text(item.source),
    text(item.cache),
    item.finishedAt ?? "",
    text(error?.code),
    text(error?.message),
    item.data === undefined ? "" : JSON.stringify(item.data),
  ];
}

/**
 * The text of `items` in a download format: JSON lines (one item per line, the object `results` pages carry), or
 * CSV rows (RFC 4180, by `csv-stringify`), the header first when `header`.
 */
export function exportChunk(
  format: BatchExportFormat,
  items: readonly BatchItemView[],
  header: boolean,
): string {
  if (format === "jsonl") return items.map((item) => `${JSON.stringify(item)}\n`).join("");
  const rows = items.map(csvRow);
  return stringify(header ? [[...BATCH_CSV_COLUMNS], ...rows] : rows, { record_delimiter: "\r\n" });
}
