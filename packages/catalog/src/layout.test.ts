import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { platforms, registry } from "./index.ts";

/** `item-details` → `itemDetails`. */
const camel = (name: string) => name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** A platform package's folder, found through its `./spec` export (no path is hard-coded). */
const packageDir = (name: string) =>
  path.dirname(path.dirname(fileURLToPath(import.meta.resolve(`@sda/${name}/spec`))));

// One package layout for every platform (docs/platforms.md): the catalog's line is all the service knows of
// a platform, so a newcomer must find each operation in the same two places of every package.
describe("every platform package has the one layout", () => {
  it.each(platforms.map((p) => [p.name]))(
    "%s: src/spec/<op>.ts exports <op>Spec, src/operations/<op>.ts exports <op>Handler, helpers in test/",
    (name) => {
      const dir = packageDir(name);
      for (const file of ["src/spec.ts", "src/handlers.ts", "src/index.ts", "README.md"])
        expect(existsSync(path.join(dir, file)), `${name}/${file}`).toBe(true);
      const platform = platforms.find((p) => p.name === name);
      for (const op of platform?.operations ?? []) {
        const spec = readFileSync(path.join(dir, "src/spec", `${op.name}.ts`), "utf8");
        expect(spec, `${name}/src/spec/${op.name}.ts`).toMatch(
          new RegExp(`export const ${camel(op.name)}Spec\\b`),
        );
        const handler = readFileSync(path.join(dir, "src/operations", `${op.name}.ts`), "utf8");
        expect(handler, `${name}/src/operations/${op.name}.ts`).toMatch(
          new RegExp(`export (const|async function|function) ${camel(op.name)}Handler\\b`),
        );
      }
      // Test helpers live in test/, never in the production sources.
      expect(existsSync(path.join(dir, "src/testing")), `${name}/src/testing`).toBe(false);
      expect(existsSync(path.join(dir, "test/fixtures.ts")), `${name}/test/fixtures.ts`).toBe(true);
    },
  );

  it("binds every operation to the handler named after it", async () => {
    for (const op of registry.operations)
      expect((await registry.handler(op.id)).name, op.id).toBe(`${camel(op.name)}Handler`);
  });
});
