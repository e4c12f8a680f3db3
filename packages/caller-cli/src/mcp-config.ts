import { UsageError } from "./exit-codes.ts";

/** The agents `sda mcp config` writes a snippet for. */
export const MCP_CLIENTS = ["claude-desktop", "claude-code", "cursor", "vscode", "generic"] as const;
type McpClient = (typeof MCP_CLIENTS)[number];

/** The name the service gets in the agents' config. */
const SERVER = "social-data";

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * The MCP configuration of `client` for the service's `/mcp` endpoint (Streamable HTTP, the key as a Bearer
 * header): Claude Desktop's `claude_desktop_config.json` (through `mcp-remote`, as its file starts local servers),
 * the `claude mcp add` command of Claude Code, Cursor's `mcp.json`, VS Code's `.vscode/mcp.json` (the key asked
 * for once, as a password input) and a generic `mcpServers` entry.
 * @param key the key to write, or a placeholder.
 * @throws UsageError for a client not in {@link MCP_CLIENTS}.
 */
export function mcpConfig(client: string, baseUrl: string, key: string): string {
  const url = `${baseUrl}/mcp`;
  const authorization = `Bearer ${key}`;
  switch (client as McpClient) {
    case "claude-desktop":
      return json({
        mcpServers: {
          [SERVER]: {
            command: "npx",
            // biome-ignore lint/suspicious/noTemplateCurlyInString: mcp-remote expands ${SDA_AUTH} from env
            args: ["-y", "mcp-remote", url, "--header", "Authorization:${SDA_AUTH}"],
            env: { SDA_AUTH: authorization },
          },
        },
      });
    case "claude-code":
      return `claude mcp add --transport http ${SERVER} ${url} --header "Authorization: ${authorization}"\n`;
    case "cursor":
      return json({ mcpServers: { [SERVER]: { url, headers: { Authorization: authorization } } } });
    case "vscode":
      return json({
        inputs: [
          { type: "promptString", id: "sda-api-key", description: "Social data API key", password: true },
        ],
        servers: {
          // biome-ignore lint/suspicious/noTemplateCurlyInString: VS Code fills ${input:…} from the prompt
          [SERVER]: { type: "http", url, headers: { Authorization: "Bearer ${input:sda-api-key}" } },
        },
      });
    case "generic":
      return json({
        mcpServers: { [SERVER]: { type: "streamable-http", url, headers: { Authorization: authorization } } },
      });
    default:
      throw new UsageError(`sda mcp config <client>: one of ${MCP_CLIENTS.join(", ")}`);
  }
}
