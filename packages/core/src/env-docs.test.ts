import { describe, expect, it } from "vitest";
import { z } from "zod";
import { baseEnvSchema, serviceEnvSchema } from "./env.ts";
import { envTableMarkdown, envTableRows } from "./env-docs.ts";

describe("envTableRows", () => {
  it("reads each variable's description and default from the schema itself, in declaration order", () => {
    const schema = z.object({
      ALPHA_PORT: z.coerce.number().int().default(3000).describe("listen port"),
      ALPHA_TOKEN: z.string().optional().describe("access token"),
      ALPHA_HOSTS: z.string().default("").describe("allowed hosts"),
      ALPHA_SECRET: z
        .string()
        .default("dev")
        .meta({ description: "a secret", shownDefault: "a development value" }),
    });
    expect(envTableRows(schema)).toEqual([
      { name: "ALPHA_PORT", shownDefault: "`3000`", description: "listen port" },
      { name: "ALPHA_TOKEN", shownDefault: "unset", description: "access token" },
      { name: "ALPHA_HOSTS", shownDefault: "empty", description: "allowed hosts" },
      { name: "ALPHA_SECRET", shownDefault: "a development value", description: "a secret" },
    ]);
  });

  it("refuses a variable without a description, naming it", () => {
    expect(() => envTableRows(z.object({ A: z.string().describe("a"), B_PAGES: z.string() }))).toThrow(
      /without a description.*B_PAGES/,
    );
  });

  it("describes every service-wide variable and each platform's generated origin", () => {
    const rows = envTableRows(serviceEnvSchema([{ name: "alpha", env: z.object({}) }]));
    expect(rows.map((r) => r.name)).toEqual([...Object.keys(baseEnvSchema.shape), "ALPHA_ORIGIN"]);
    expect(rows.at(-1)?.shownDefault).toBe("unset (live hosts)");
  });
});

describe("envTableMarkdown", () => {
  it("pads the columns so the source lines up, and escapes pipes in descriptions", () => {
    const table = envTableMarkdown([{ name: "A_B", shownDefault: "`1`", description: "x | y" }]);
    expect(table.split("\n")).toEqual([
      "| variable | default | meaning |",
      "| -------- | ------- | ------- |",
      "| `A_B`    | `1`     | x \\| y  |",
    ]);
  });
});
