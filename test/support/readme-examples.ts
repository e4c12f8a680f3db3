import { readFileSync } from "node:fs";

/**
 * The `curl` examples of a Markdown file's ```sh blocks, in order, as `test/readme.test.ts` runs them. The README's
 * conventions (written down in its "Two commands" section):
 * - a `curl …` command runs to the end of its line, or further while a line ends in `\` or a single quote is open;
 * - `# → <status> …` right after it (continued by indented `#    …` lines), or at the end of its last line, is what it
 *   answers: the status, the `"key":value` pairs shown (`"bat_…"`: a value starting `bat_`; `"…"`: any), a media type
 *   shown (`text/csv`), and `(repeat until …)` when it is polled; without one, 200;
 * - `# needs …` at the end of its last line: it needs something the demo has not (an outside provider) and is not run;
 * - `NAME=…   # the <path> of the answer above` sets `$NAME` for the next commands from the previous answer's `data`
 *   (`batchId`, `deliveries.0.id`).
 */
export interface CurlExample {
  kind: "curl";
  /** 1-based line of the README where it starts. */
  line: number;
  command: string;
  expected: Expectation;
  /** Why it is not run (`# needs …`), when it is not. */
  needs?: string;
}

export interface Capture {
  kind: "capture";
  line: number;
  name: string;
  /** Dotted path into the previous answer's `data` (or the body when it has none). */
  path: string;
}

export interface Expectation {
  status: number;
  /** `"key":value` pairs: a string ending in `…` matches by prefix. */
  fields: { key: string; value: unknown; prefix?: string }[];
  mediaType?: string;
  repeatUntil: boolean;
}

const CAPTURE = /^([A-Z][A-Z0-9_]*)=\S+\s+#\s*the\s+(\S+)\s+of the answer above/;
const FIELD = /"([A-Za-z_][A-Za-z0-9_]*)":("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?|true|false|null)/g;
const MEDIA_TYPE = /\b((?:application|text)\/[a-z0-9.+-]+)/;

/**
 * Splits one line of a shell command into its code and its trailing `# …` comment, given whether a single-quoted
 * string is open at its start (a multi-line JSON body); says whether one is still open at its end.
 */
function splitLine(
  line: string,
  inQuote: boolean,
): { code: string; comment: string | null; inQuote: boolean } {
  let single = inQuote;
  let double = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (char === "'" && !double) single = !single;
    else if (char === '"' && !single) double = !double;
    else if (char === "#" && !single && !double && /\s/.test(line[i - 1] ?? ""))
      return { code: line.slice(0, i).trimEnd(), comment: line.slice(i + 1).trim(), inQuote: false };
  }
  return { code: line, comment: null, inQuote: single };
}

/** Reads a `# → …` expectation text (without the `#`s). */
export function parseExpectation(text: string | null): Expectation {
  if (!text) return { status: 200, fields: [], repeatUntil: false };
  const status = Number(/→\s*(\d{3})/.exec(text)?.[1] ?? 200);
  const fields: Expectation["fields"] = [];
  for (const [, key, raw] of text.matchAll(FIELD)) {
    const value: unknown = JSON.parse(raw ?? "null");
    if (typeof value === "string" && value.includes("…")) {
      const prefix = value.slice(0, value.indexOf("…"));
      if (prefix) fields.push({ key: key ?? "", value, prefix });
    } else fields.push({ key: key ?? "", value });
  }
  const mediaType = MEDIA_TYPE.exec(text)?.[1];
  return { status, fields, repeatUntil: /repeat until/.test(text), ...(mediaType ? { mediaType } : {}) };
}

/**
 * The examples and captures of `file`'s ```sh blocks, in order; with `section`, only those under the level-2 heading
 * `## <section>` (to the next level-2 heading): a package README's `## Examples`.
 */
export function readmeExamples(file: string, section?: string): (CurlExample | Capture)[] {
  const all = readFileSync(file, "utf8").split("\n");
  const from = section ? all.findIndex((l) => l.trim() === `## ${section}`) : 0;
  if (from < 0) return [];
  const next = section ? all.findIndex((l, i) => i > from && l.startsWith("## ")) : -1;
  // Lines outside the section stay in place as blanks, so every example keeps its line number in the file.
  const lines = all.map((l, i) => (i >= from && (next < 0 || i < next) ? l : ""));
  const steps: (CurlExample | Capture)[] = [];
  let inBlock = false;
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? "").trim();
    if (line.startsWith("```")) {
      inBlock = !inBlock && line === "```sh";
      continue;
    }
    if (!inBlock) continue;
    const capture = CAPTURE.exec(line);
    if (capture) {
      steps.push({ kind: "capture", line: i + 1, name: capture[1] ?? "", path: capture[2] ?? "" });
      continue;
    }
    if (!line.startsWith("curl ")) continue;
    const start = i;
    const parts: string[] = [];
    let comment: string | null = null;
    let inQuote = false;
    for (;;) {
      const split = splitLine(lines[i] ?? "", inQuote);
      parts.push(split.code);
      comment = split.comment;
      inQuote = split.inQuote;
      if (!(inQuote || split.code.endsWith("\\")) || i + 1 >= lines.length) break;
      i++;
    }
    let expectation = comment?.startsWith("→") ? comment : null;
    const needs = comment?.startsWith("needs ") ? comment : undefined;
    // A `# → …` line right after the command, and the indented `#    …` lines continuing it.
    if (!expectation && (lines[i + 1] ?? "").trim().startsWith("# →")) {
      const text = [(lines[++i] ?? "").trim().slice(1).trim()];
      while (/^#\s{2,}/.test((lines[i + 1] ?? "").trim()))
        text.push((lines[++i] ?? "").trim().slice(1).trim());
      expectation = text.join(" ");
    }
    steps.push({
      kind: "curl",
      line: start + 1,
      command: parts.join("\n"),
      expected: parseExpectation(expectation),
      ...(needs ? { needs } : {}),
    });
  }
  return steps;
}

/** Every object in `value` (depth first), for "this key has this value somewhere in the answer". */
function* objectsIn(value: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(value)) for (const item of value) yield* objectsIn(item);
  else if (value && typeof value === "object") {
    yield value as Record<string, unknown>;
    for (const item of Object.values(value)) yield* objectsIn(item);
  }
}

/**
 * What an answer lacks of an expectation: each problem as a sentence (empty when it answers as the README says).
 * `body` is the parsed JSON, or the text when it is not JSON.
 */
export function unmetExpectations(
  expected: Expectation,
  answer: { status: number; contentType: string; body: unknown },
): string[] {
  const problems: string[] = [];
  if (answer.status !== expected.status)
    problems.push(`status ${answer.status}, expected ${expected.status}`);
  if (expected.mediaType && !answer.contentType.startsWith(expected.mediaType))
    problems.push(`content-type ${answer.contentType}, expected ${expected.mediaType}`);
  const objects = [...objectsIn(answer.body)];
  for (const field of expected.fields) {
    const found = objects.some((o) => {
      if (!(field.key in o)) return false;
      const value = o[field.key];
      return field.prefix === undefined
        ? JSON.stringify(value) === JSON.stringify(field.value)
        : typeof value === "string" && value.startsWith(field.prefix);
    });
    if (!found) problems.push(`no "${field.key}": ${JSON.stringify(field.value)} in the answer`);
  }
  return problems;
}

/** The value at a dotted `path` (`deliveries.0.id`) of an answer's `data` (or of the body when it has none). */
export function valueAt(body: unknown, path: string): unknown {
  let current: unknown = (body as { data?: unknown } | null)?.data ?? body;
  for (const part of path.split(".")) current = (current as Record<string, unknown> | null)?.[part];
  return current;
}
