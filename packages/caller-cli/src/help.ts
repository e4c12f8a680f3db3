import { GLOBAL_OPTIONS } from "./args.ts";
import type { Command, Param } from "./document.ts";
import { MCP_CLIENTS } from "./mcp-config.ts";

/** The exit-code table (also in the README). */
const EXIT_TABLE = [
  ["0", "success"],
  ["1", "any other error"],
  ["2", "usage or invalid input (unknown operation or option, missing parameter, 400, 422)"],
  ["3", "authentication (no key configured, 401, 403)"],
  ["4", "insufficient credits or payment (402)"],
  ["5", "not found (404, 410)"],
  ["6", "upstream or retryable (the answer's retryable, 429, 5xx, the service unreachable)"],
];

const pad = (text: string, width: number) => text.padEnd(width);
const firstSentence = (text: string) => text.split(/(?<=\.)\s|\n/)[0] ?? text;

/** `sda --help`: the groups (in the document's order), the options, the config, the exit codes. */
export function mainHelp(groups: Map<string, Command[]>, source: string): string {
  const width = Math.max(...[...groups.keys()].map((g) => g.length)) + 2;
  const lines = [
    "Usage: sda <platform> <operation> [--param value …] [--output json|jsonl|table|csv] [--all]",
    "       sda <platform> --help            the platform's operations",
    "       sda <platform> <operation> --help   the operation's parameters and price",
    `       sda mcp config <${MCP_CLIENTS.join("|")}>   the MCP snippet of an agent`,
    "",
    `Platforms and services (from the OpenAPI document of ${source}):`,
    ...[...groups].map(
      ([group, commands]) => `  ${pad(group, width)}${commands.map((c) => c.name).join(", ")}`,
    ),
    "",
    "Options of every operation:",
    ...Object.entries(GLOBAL_OPTIONS).map(([name, o]) => `  ${pad(`--${name}`, 14)}${o.help}`),
    "",
    "Configuration: SDA_API_KEY and SDA_BASE_URL (default http://localhost:3000), else the config file",
    '  $SDA_CONFIG or ~/.config/sda/config.json: { "apiKey": "sda_live_…", "baseUrl": "https://…" }',
    "",
    "Exit codes:",
    ...EXIT_TABLE.map(([code, meaning]) => `  ${code}  ${meaning}`),
  ];
  return `${lines.join("\n")}\n`;
}

/** `sda <group> --help`: its operations with their summaries and parameters. */
export function groupHelp(group: string, commands: Command[]): string {
  const lines = [`Usage: sda ${group} <operation> [--param value …]`, "", "Operations:"];
  for (const command of commands) {
    lines.push(`  ${command.name}  ${command.method.toUpperCase()} ${command.path}`);
    if (command.summary) lines.push(`      ${command.summary}`);
    const params = command.params.map((p) => (p.required ? `--${p.flag} <${p.type}>` : `[--${p.flag}]`));
    if (command.body) params.push("--body <json>");
    if (params.length > 0) lines.push(`      ${params.join(" ")}`);
  }
  lines.push("", `sda ${group} <operation> --help: an operation's parameters in full.`);
  return `${lines.join("\n")}\n`;
}

function paramLine(param: Param): string {
  const facts = [
    param.type,
    param.required ? "required" : "optional",
    ...(param.enum ? [`one of ${param.enum.join(", ")}`] : []),
    ...(param.in === "path" ? ["in the path"] : param.in === "header" ? ["header"] : []),
  ];
  return `  --${pad(param.flag, 18)}${facts.join(", ")}\n      ${firstSentence(param.description)}`;
}

/** `sda <group> <operation> --help`: the operation's description (with its price) and every parameter. */
export function commandHelp(command: Command): string {
  const lines = [
    `Usage: sda ${command.group} ${command.name} ${command.params
      .filter((p) => p.required)
      .map((p) => `--${p.flag} <${p.type}>`)
      .join(" ")}${command.body ? " --body <json>" : ""} [options]`,
    "",
    `${command.method.toUpperCase()} ${command.path}: ${command.summary}`,
    ...(command.description && command.description !== command.summary ? ["", command.description] : []),
    "",
    "Parameters:",
    ...command.params.map(paramLine),
    ...(command.body
      ? ["  --body              the JSON request body (inline, @file.json or - for stdin)"]
      : []),
    "",
    `Options: ${Object.keys(GLOBAL_OPTIONS)
      .map((name) => `--${name}`)
      .join(" ")} (sda --help)`,
  ];
  return `${lines.join("\n")}\n`;
}
