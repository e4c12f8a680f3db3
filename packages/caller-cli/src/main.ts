#!/usr/bin/env -S node --conditions=sda-source
// `sda`: the callers' command line. Every command comes from the service's OpenAPI document (no per-operation code):
// `sda <platform> <operation> --param value`. In the workspace it runs from its TypeScript sources (Node strips the
// types; `sda-source` resolves @sda/client to its sources too).
import { createClient } from "@sda/client";
import { parseInvocation } from "./args.ts";
import { runCommand } from "./call.ts";
import { loadSettings } from "./config.ts";
import { commandsOf, loadDocument } from "./document.ts";
import { AuthError, EXIT, exitCodeOf, UsageError } from "./exit-codes.ts";
import { commandHelp, groupHelp, mainHelp } from "./help.ts";
import { mcpConfig } from "./mcp-config.ts";
import { render } from "./output.ts";
import { progressOn } from "./progress.ts";

const KEY_PLACEHOLDER = "sda_live_…";
// biome-ignore lint/style/noProcessEnv: the CLI's own settings (SDA_API_KEY, SDA_BASE_URL, SDA_CONFIG), read once here
const ENV = process.env;

/** `sda mcp config <client> [--with-key]`: the snippet, with the configured key only when asked. */
async function mcp(argv: string[]): Promise<number> {
  const [sub, client, ...rest] = argv;
  if (sub !== "config" || !client || client === "--help")
    throw new UsageError(
      "usage: sda mcp config <claude-desktop|claude-code|cursor|vscode|generic> [--with-key]",
    );
  const unknown = rest.filter((arg) => arg !== "--with-key");
  if (unknown.length > 0) throw new UsageError(`sda mcp config: unknown ${unknown.join(" ")}`);
  const settings = await loadSettings(ENV);
  const key = rest.includes("--with-key") ? settings.apiKey : undefined;
  if (rest.includes("--with-key") && !key)
    throw new AuthError("--with-key: no API key configured (SDA_API_KEY)");
  process.stdout.write(mcpConfig(client, settings.baseUrl, key ?? KEY_PLACEHOLDER));
  return EXIT.ok;
}

/** Dispatches the command line; resolves with the exit code (errors are thrown and classed by the caller). */
async function main(argv: string[]): Promise<number> {
  const [group, name, ...rest] = argv;
  if (group === "mcp") return mcp(argv.slice(1));
  const help = group === undefined || group === "--help" || group === "-h";
  const flag = argv.indexOf("--base-url");
  const baseUrlFlag = flag === -1 ? undefined : argv[flag + 1];
  const settings = await loadSettings(ENV, baseUrlFlag);
  const { document, source } = await loadDocument(settings.baseUrl);
  const groups = commandsOf(document);
  const where = source === "service" ? settings.baseUrl : "@sda/client (the service did not answer)";
  if (help) {
    (group === undefined ? process.stderr : process.stdout).write(mainHelp(groups, where));
    return group === undefined ? EXIT.usage : EXIT.ok;
  }
  const commands = groups.get(group);
  if (!commands) throw new UsageError(`unknown platform or service "${group}" (sda --help lists them)`);
  if (name === undefined || name === "--help" || name === "-h") {
    (name === undefined ? process.stderr : process.stdout).write(groupHelp(group, commands));
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const command = commands.find((c) => c.name === name);
  if (!command)
    throw new UsageError(`unknown operation "${group} ${name}": ${commands.map((c) => c.name).join(", ")}`);
  const invocation = parseInvocation(command, rest);
  if (invocation.help) {
    process.stdout.write(commandHelp(command));
    return EXIT.ok;
  }
  if (command.authenticated && !settings.apiKey)
    throw new AuthError(`no API key: set SDA_API_KEY, or "apiKey" in ${settings.configFile}`);
  const client = createClient({ baseUrl: settings.baseUrl, apiKey: settings.apiKey ?? "" });
  const outcome = await runCommand(client, command, invocation, progressOn());
  process.stdout.write(render(outcome.data, invocation.output, invocation.columns));
  return EXIT.ok;
}

/** The error as one line on stderr: `sda: <code> (HTTP <status>): <message> [request <id>]`. */
function report(error: unknown): void {
  if (error instanceof TypeError && error.message === "fetch failed") {
    const cause = (error.cause as { code?: string; message?: string } | undefined) ?? {};
    process.stderr.write(
      `sda: cannot reach the service (${cause.code ?? cause.message ?? "fetch failed"})\n`,
    );
    return;
  }
  const e = error as {
    status?: number;
    code?: string;
    requestId?: string;
    retryAfterSeconds?: number;
    message?: string;
  };
  const head = e.code && e.status ? `${e.code} (HTTP ${e.status}): ` : "";
  const retry = e.retryAfterSeconds === undefined ? "" : ` retry after ${e.retryAfterSeconds} s;`;
  const request = e.requestId ? ` [request ${e.requestId}]` : "";
  process.stderr.write(`sda: ${head}${e.message ?? String(error)}${retry}${request}\n`);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    report(error);
    process.exitCode = exitCodeOf(error);
  },
);
