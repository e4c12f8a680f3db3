import { registry } from "@sda/catalog";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { listedTools, mcpTools } from "./tools.ts";

// Issue 39: `tools/list` was 548 KB for 73 tools (493 KB of output schemas), descriptions gave examples their own
// schema refused and named operator settings. These hold over the whole catalog, so they keep holding as platforms
// are added.

const tools = mcpTools(registry, undefined);
const listed = listedTools(tools, {});
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/** The JSON examples a description gives (`Example: {…}` at its end). */
function examplesOf(description: string): unknown[] {
  const at = description.indexOf("Example: {");
  return at < 0 ? [] : [JSON.parse(description.slice(at + "Example: ".length))];
}

describe("the MCP tool list an agent can afford", () => {
  it("is at most 100 KB for every tool of the catalog, by default", () => {
    expect(listed).toHaveLength(tools.size);
    const size = bytes({ tools: listed });
    console.info(`tools/list: ${tools.size} tools, ${size} bytes`);
    expect(size).toBeLessThanOrEqual(100 * 1024);
  });

  it("names no operator setting in any tool's text", () => {
    const text = JSON.stringify(listed);
    expect(text.match(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]\b/g) ?? []).toEqual([]);
    expect(text).not.toMatch(/\b90s\b/);
  });

  it("every example a description gives validates against the tool's input schema", () => {
    const ajv = new Ajv({ strict: false });
    let examples = 0;
    for (const tool of listed) {
      const validate = ajv.compile(tool.inputSchema);
      for (const example of examplesOf(tool.description ?? "")) {
        examples++;
        expect(validate(example), `${tool.name}: ${JSON.stringify(validate.errors)}`).toBe(true);
      }
      for (const [name, property] of Object.entries(tool.inputSchema.properties ?? {})) {
        const { examples: given = [] } = property as { examples?: unknown[] };
        const check = ajv.compile(property as object);
        for (const value of given) expect(check(value), `${tool.name}.${name} example ${value}`).toBe(true);
      }
    }
    expect(examples).toBeGreaterThanOrEqual(4);
  });

  it("every tool publishes a light object output schema; describe_output and ?schemas=full give the full one", () => {
    for (const tool of listed)
      if (tool.outputSchema) expect(tool.outputSchema, tool.name).toMatchObject({ type: "object" });
    const full = listedTools(tools, { schemas: "full" });
    const transcript = full.find((tool) => tool.name === "videosite_transcript");
    expect(transcript?.outputSchema).toEqual(tools.get("videosite_transcript")?.fullOutputSchema);
    expect(JSON.stringify(transcript?.outputSchema)).toContain("anyOf");
    expect(listed.map((tool) => tool.name)).toContain("describe_output");
  });

  it("a client selects platforms and tools; an unknown entry is a 400", () => {
    const videosite = listedTools(tools, { platforms: "videosite" }).map((tool) => tool.name);
    expect(
      videosite.filter((name) => /^[a-z]+site_/.test(name)).every((name) => name.startsWith("videosite_")),
    ).toBe(true);
    expect(videosite).toEqual(expect.arrayContaining(["videosite_transcript", "account_balance", "get_job"]));
    const some = listedTools(tools, { tools: "account_balance,newssite" }).map((tool) => tool.name);
    expect(some).toContain("account_balance");
    expect(some.filter((name) => name !== "account_balance" && !name.startsWith("newssite_"))).toEqual([
      "get_job",
      "describe_output",
    ]);
    expect(() => listedTools(tools, { platforms: "nosuchsite" })).toThrow(/is no platform/);
    expect(() => listedTools(tools, { tools: "nosuch_tool" })).toThrow(/is no tool name/);
    expect(() => listedTools(tools, { schemas: "huge" })).toThrow(/light/);
  });
});
