import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { platforms, registry } from "./index.ts";

/** `item-details` → `itemDetails`. */
const camel = (name: string) => name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** A platform package's folder, found through its main entry (no path is hard-coded). */
const packageDir = (name: string) =>
  path.dirname(path.dirname(fileURLToPath(import.meta.resolve(`@sda/${name}`))));

// One package layout for every platform (docs/platforms.md): the catalog's line is all the service knows of
// a platform, so a newcomer must find each operation in the same two places of every package, bound in one list
// (`spec.ts`, each operation with the lazy import of its handler; no second list of handlers).
describe("every platform package has the one layout", () => {
  it.each(platforms.map((p) => [p.name]))(
    "%s: src/spec/<op>.ts exports <op>Spec, src/operations/<op>.ts exports <op>Handler, spec.ts binds them lazily, helpers in test/",
    (name) => {
      const dir = packageDir(name);
      for (const file of ["src/spec.ts", "src/index.ts", "README.md"])
        expect(existsSync(path.join(dir, file)), `${name}/${file}`).toBe(true);
      // No second list: no module at the top of src/ imports a handler statically (spec.ts binds each with a dynamic
      // import; a list of handlers beside it would import them all, and pull extraction code into the gateway).
      for (const file of readdirSync(path.join(dir, "src")).filter((f) => /(?<!\.test)\.ts$/.test(f)))
        expect(readFileSync(path.join(dir, "src", file), "utf8"), `${name}/src/${file}`).not.toMatch(
          /\b[a-z][A-Za-z0-9]*Handler\b[^;]*from "\.\/operations\//,
        );
      // What the catalog (and so the gateway) imports: the main entry is the platform and nothing else.
      expect(readFileSync(path.join(dir, "src/index.ts"), "utf8"), `${name}/src/index.ts`).toMatch(
        new RegExp(`^(?:/\\*\\*[^]*?\\*/\\n)?export \\{ ${name}Platform \\} from "\\./spec\\.ts";\\n$`),
      );
      const list = readFileSync(path.join(dir, "src/spec.ts"), "utf8");
      const platform = platforms.find((p) => p.name === name);
      for (const op of platform?.operations ?? []) {
        // The one list binds the spec to a dynamic import of its handler's module (never a static import).
        expect(list, `${name}/src/spec.ts binds ${op.name}`).toMatch(
          new RegExp(
            `withHandler\\(\\s*${camel(op.name)}Spec,\\s*\\(\\) =>\\s*import\\("\\./operations/${op.name}\\.ts"\\)\\.then\\(\\(m\\) => m\\.${camel(op.name)}Handler\\)`,
          ),
        );
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

  it.each(platforms.map((p) => [p.name]))(
    "%s: spec.ts reaches no handler module by static imports (the gateway bundles the specs only)",
    (name) => {
      const src = path.join(packageDir(name), "src");
      const seen = new Set<string>();
      const visit = (file: string) => {
        if (seen.has(file)) return;
        seen.add(file);
        // Relative static imports and re-exports that stay at run time (`import type` is erased).
        for (const [, spec] of readFileSync(file, "utf8").matchAll(
          /^(?:import|export) (?!type )[^;]*?from "(\.{1,2}\/[^"]+)";/gms,
        ))
          visit(path.resolve(path.dirname(file), spec as string));
      };
      visit(path.join(src, "spec.ts"));
      const reached = [...seen].map((file) => path.relative(src, file));
      expect(reached.filter((file) => file.startsWith("operations/"))).toEqual([]);
      expect(reached).toContain("spec/shapes.ts");
    },
  );

  it("binds every operation to the handler named after it, and the estimating ones to their estimate", async () => {
    for (const op of registry.operations)
      expect((await registry.handler(op.id)).name, op.id).toBe(`${camel(op.name)}Handler`);
    const estimating = registry.operations.filter((op) => op.estimate);
    expect(estimating.map((op) => op.id)).toEqual([
      "videosite.audio-transcript",
      "audiosite.audio-transcript",
    ]);
    for (const op of estimating)
      expect((await registry.estimator?.(op.id))?.name, op.id).toBe(`${camel(op.name)}Estimate`);
  });
});
