import { z } from "zod";

/** One variable of an env schema as the README's configuration table shows it. */
export interface EnvTableRow {
  name: string;
  /** The default in words: `` `3000` ``, `unset`, or the schema's own `shownDefault` meta. */
  shownDefault: string;
  description: string;
}

/** The description and `shownDefault` of a variable's schema: on the outermost wrapper, else on an inner one. */
function metaOf(schema: z.ZodType): { description?: string; shownDefault?: string } {
  let current: z.ZodType | undefined = schema;
  const found: { description?: string; shownDefault?: string } = {};
  while (current) {
    const meta = z.globalRegistry.get(current);
    found.description ??= meta?.description;
    if (typeof meta?.shownDefault === "string") found.shownDefault ??= meta.shownDefault;
    const def = current.def as { innerType?: z.ZodType; in?: z.ZodType };
    current = def.innerType ?? def.in;
  }
  return found;
}

/** `` `3000` `` for a ZodDefault, `unset` for an optional without one. */
function defaultOf(schema: z.ZodType): string {
  const def = schema.def as { type: string; defaultValue?: unknown };
  if (def.type !== "default") return "unset";
  const value = def.defaultValue;
  if (value === "") return "empty";
  return `\`${String(value)}\``;
}

/**
 * The rows of the configuration table of an env schema (the composed one: `serviceEnvSchema` of the catalog), in
 * declaration order.
 * @throws Error naming every variable without a description (each must carry `.describe()` or `.meta()`).
 */
export function envTableRows(schema: z.ZodObject): EnvTableRow[] {
  const rows: EnvTableRow[] = [];
  const undocumented: string[] = [];
  for (const [name, variable] of Object.entries(schema.shape) as [string, z.ZodType][]) {
    const meta = metaOf(variable);
    if (!meta.description) undocumented.push(name);
    rows.push({
      name,
      shownDefault: meta.shownDefault ?? defaultOf(variable),
      description: meta.description ?? "",
    });
  }
  if (undocumented.length)
    throw new Error(`env variables without a description (.describe()): ${undocumented.join(", ")}`);
  return rows;
}

/** A Markdown table of `rows` (`variable | default | meaning`), its columns padded to line up in the source. */
export function envTableMarkdown(rows: readonly EnvTableRow[]): string {
  const cells = [
    ["variable", "default", "meaning"],
    ...rows.map((r) => [`\`${r.name}\``, r.shownDefault, r.description.replaceAll("|", "\\|")]),
  ];
  const widths = [0, 1, 2].map((i) => Math.max(...cells.map((c) => (c[i] ?? "").length)));
  const line = (c: readonly string[]) => `| ${c.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  const [head, ...body] = cells;
  return [line(head ?? []), line(widths.map((w) => "-".repeat(w))), ...body.map(line)].join("\n");
}
