import { defineConfig } from "tsup";

// The one build of every process in apps/: bundles the process with its workspace packages (@sda/*, TypeScript
// sources); every third-party dependency stays in node_modules and is loaded at run time.
export default defineConfig({
  entry: ["src/main.ts"],
  format: ["esm"],
  target: "node20",
  platform: "node",
  outDir: "dist",
  clean: true,
  sourcemap: true,
  noExternal: [/^@sda\//],
  skipNodeModulesBundle: true,
});
