import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import type { Command } from "./document.ts";
import { UsageError } from "./exit-codes.ts";
import { FORMATS, type Format } from "./output.ts";

/** The options every operation command takes besides its parameters. */
export const GLOBAL_OPTIONS = {
  output: { type: "string", short: "o", help: "json (default), jsonl, table or csv" },
  all: { type: "boolean", help: "follow nextCursor until hasMore is false (each page is a billed call)" },
  "max-pages": { type: "string", help: "with --all: stop after this many pages" },
  columns: { type: "string", help: "table/csv: the columns, comma-separated (e.g. id,author.name,text)" },
  body: { type: "string", help: "the JSON request body: inline, @file.json, or - for stdin" },
  "no-wait": {
    type: "boolean",
    help: "answer a 202's handle at once instead of waiting for the job or batch",
  },
  "base-url": {
    type: "string",
    help: "the service address (default $SDA_BASE_URL, the config file, localhost:3000)",
  },
  help: { type: "boolean", short: "h", help: "this command's parameters" },
} as const;

/** A parsed operation command line. */
export interface Invocation {
  query: Record<string, string | string[]>;
  path: Record<string, string>;
  header: Record<string, string>;
  body: unknown;
  output: Format;
  all: boolean;
  maxPages: number;
  columns: string[] | undefined;
  wait: boolean;
  help: boolean;
  baseUrl: string | undefined;
}

function readBody(text: string): unknown {
  let source = text;
  try {
    if (text === "-") source = readFileSync(0, "utf8");
    else if (text.startsWith("@")) source = readFileSync(text.slice(1), "utf8");
  } catch (error) {
    throw new UsageError(`--body ${text}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(source);
  } catch {
    throw new UsageError("--body is not JSON");
  }
}

/**
 * Parses `argv` (what follows `sda <group> <name>`) against the command's parameters (`--<flag> value`, repeated
 * for arrays) and the global options.
 * @throws UsageError for an unknown option, a missing value, a missing required parameter (nothing is called), a
 *   bad `--output`, `--max-pages` or `--body`, or `--all` on an operation without cursors.
 */
export function parseInvocation(command: Command, argv: string[]): Invocation {
  const options: Record<string, { type: "string" | "boolean"; short?: string; multiple?: boolean }> = {};
  for (const [name, option] of Object.entries(GLOBAL_OPTIONS))
    options[name] = { type: option.type, ...("short" in option ? { short: option.short } : {}) };
  for (const param of command.params)
    options[param.flag] = { type: "string", multiple: param.type === "array" };
  let values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  try {
    ({ values } = parseArgs({ args: argv, options, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message} (sda ${command.group} ${command.name} --help)`);
  }
  const invocation: Invocation = {
    query: {},
    path: {},
    header: {},
    body: undefined,
    output: "json",
    all: values.all === true,
    maxPages: Number.POSITIVE_INFINITY,
    columns: typeof values.columns === "string" ? values.columns.split(",").map((c) => c.trim()) : undefined,
    wait: values["no-wait"] !== true,
    help: values.help === true,
    baseUrl: typeof values["base-url"] === "string" ? values["base-url"] : undefined,
  };
  if (invocation.help) return invocation;
  const output = values.output ?? "json";
  if (!FORMATS.includes(output as Format))
    throw new UsageError(`--output ${output}: one of ${FORMATS.join(", ")}`);
  invocation.output = output as Format;
  if (typeof values["max-pages"] === "string") {
    const pages = Number(values["max-pages"]);
    if (!Number.isInteger(pages) || pages < 1) throw new UsageError("--max-pages: a whole number ≥ 1");
    invocation.maxPages = pages;
  }
  if (invocation.all && !command.paged)
    throw new UsageError(`--all: ${command.group} ${command.name} has no cursor to follow`);
  const missing = command.params.filter((p) => p.required && values[p.flag] === undefined);
  if (missing.length > 0)
    throw new UsageError(
      `missing ${missing.map((p) => `--${p.flag}`).join(", ")} (sda ${command.group} ${command.name} --help)`,
    );
  for (const param of command.params) {
    const value = values[param.flag];
    if (value === undefined) continue;
    if (param.in === "query") invocation.query[param.name] = value as string | string[];
    else invocation[param.in][param.name] = String(value);
  }
  if (typeof values.body === "string") invocation.body = readBody(values.body);
  else if (command.body) throw new UsageError(`missing --body (sda ${command.group} ${command.name} --help)`);
  return invocation;
}
