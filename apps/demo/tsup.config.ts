import { defineConfig } from "tsup";

// Bundles the process with its workspace packages; third-party dependencies stay in node_modules.
export default defineConfig({
  entry: ["src/main.ts"],
  format: ["esm"],
  target: "node20",
  platform: "node",
  outDir: "dist",
  clean: true,
  sourcemap: true,
  noExternal: [/^@sda\//],
});
