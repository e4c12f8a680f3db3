import { copyFile } from "node:fs/promises";
import { defineConfig } from "tsup";

// The published build of the client: one ESM file and one declaration file in dist/ (the TypeScript sources stay
// out of the tarball), its two small runtime libraries (openapi-fetch, standardwebhooks) left as dependencies. The
// OpenAPI document the types were generated from ships beside them (`@sda/client/openapi.json`), for tools that list
// the operations without asking a service (the `sda` CLI's help).
export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm"],
  target: "es2022",
  platform: "neutral",
  outDir: "dist",
  clean: true,
  dts: true,
  onSuccess: () => copyFile("src/generated/openapi.json", "dist/openapi.json"),
});
