import { defineConfig } from "tsup";
import base from "../../tsup.app.ts";

// The gateway builds like every process (tsup.app.ts at the repository root), except that each operation's lazy
// handler import (`() => import("./operations/<op>.ts")` in its platform's `spec.ts`) stays unresolved: the gateway
// reads operation specs only and never asks the registry for a handler, so no extraction code is bundled into it —
// not even as chunks it would never load, whose shared modules (list pagers, HTML-to-text, readers behind a barrel)
// the main chunk would then import at start (docs/design-history.md, 2026-12-02).
export default defineConfig({
  ...base,
  esbuildPlugins: [
    {
      name: "specs-only",
      setup(build) {
        build.onResolve({ filter: /^\.\/operations\// }, (args) =>
          args.kind === "dynamic-import" &&
          /[\\/]packages[\\/][a-z0-9]+[\\/]src[\\/]spec\.ts$/.test(args.importer)
            ? { path: args.path, external: true }
            : undefined,
        );
      },
    },
  ],
});
