import { defineConfig } from "tsup";
import base from "../../tsup.app.ts";

// The gateway builds like every process (tsup.app.ts at the repository root), except that the catalog's lazy
// handler imports (`() => import("@sda/<platform>")`) stay unresolved: the gateway reads operation specs only and
// never asks the registry for a handler, so no extraction code is bundled into it.
export default defineConfig({
  ...base,
  esbuildPlugins: [
    {
      name: "specs-only",
      setup(build) {
        build.onResolve({ filter: /^@sda\// }, (args) =>
          args.kind === "dynamic-import" ? { path: args.path, external: true } : undefined,
        );
      },
    },
  ],
});
