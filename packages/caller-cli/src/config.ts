import { readFile } from "node:fs/promises";
import { homedir } from "node:os";
import path from "node:path";
import { UsageError } from "./exit-codes.ts";

/** Where and as whom the CLI calls the service. */
export interface Settings {
  /** Scheme, host and port, e.g. `http://localhost:3000` (no trailing slash). */
  baseUrl: string;
  /** The API key (`sda_live_…`), or undefined when none is configured. */
  apiKey: string | undefined;
  /** The config file read (or looked for). */
  configFile: string;
}

/** The default service address: the local gateway (`npm run demo`, docker compose). */
export const DEFAULT_BASE_URL = "http://localhost:3000";

/** `$SDA_CONFIG`, else `$XDG_CONFIG_HOME/sda/config.json`, else `~/.config/sda/config.json`. */
export function configFileOf(env: NodeJS.ProcessEnv): string {
  if (env.SDA_CONFIG) return env.SDA_CONFIG;
  return path.join(env.XDG_CONFIG_HOME || path.join(homedir(), ".config"), "sda", "config.json");
}

async function readConfig(file: string): Promise<{ apiKey?: unknown; baseUrl?: unknown }> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw new UsageError(`cannot read the config file ${file}: ${(error as Error).message}`);
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed;
  } catch {}
  throw new UsageError(`the config file ${file} is not a JSON object ({ "apiKey": "…", "baseUrl": "…" })`);
}

/**
 * The settings: `SDA_API_KEY` and `SDA_BASE_URL` first, then the config file's `apiKey` and `baseUrl`, then
 * the default address; `baseUrlFlag` (`--base-url`) wins over both.
 * @throws UsageError when the config file is not a JSON object or an address is not an http(s) URL.
 */
export async function loadSettings(env: NodeJS.ProcessEnv, baseUrlFlag?: string): Promise<Settings> {
  const configFile = configFileOf(env);
  const file = await readConfig(configFile);
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
  const baseUrl = baseUrlFlag ?? text(env.SDA_BASE_URL) ?? text(file.baseUrl) ?? DEFAULT_BASE_URL;
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new UsageError(`the service address "${baseUrl}" is not a URL (e.g. ${DEFAULT_BASE_URL})`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new UsageError(`the service address "${baseUrl}" is not http(s)`);
  return {
    baseUrl: baseUrl.replace(/\/+$/, ""),
    apiKey: text(env.SDA_API_KEY) ?? text(file.apiKey),
    configFile,
  };
}
