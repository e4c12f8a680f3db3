import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "tsup";

/**
 * Third-party packages some workspace library gets in a version of its own (`packages/<lib>/node_modules/<dep>`,
 * because the root's copy is another major: Express's ipaddr.js 1.9.1 beside our 2.5.0). A bundle that left them
 * external would load the root's copy from `apps/<app>/dist` (issue 21: the built SSRF guard ran on ipaddr.js 1.9.1
 * while its tests ran on 2.5.0), so they are bundled: esbuild resolves them from the importing file, as Node does for
 * the sources the tests run. Read from the lock file, which is what `npm ci` installs.
 */
function nestedWorkspaceDependencies(): string[] {
  // tsup bundles this file into each app's config, so the lock file is found from the app's folder (the cwd) upwards.
  let dir = process.cwd();
  while (!existsSync(path.join(dir, "package-lock.json")) && path.dirname(dir) !== dir)
    dir = path.dirname(dir);
  const lock = JSON.parse(readFileSync(path.join(dir, "package-lock.json"), "utf8")) as {
    packages: Record<string, unknown>;
  };
  const names = new Set<string>();
  for (const location of Object.keys(lock.packages)) {
    const match = /^(?:packages|tooling)\/[^/]+\/node_modules\/((?:@[^/]+\/)?[^/]+)$/.exec(location);
    if (match?.[1]) names.add(match[1]);
  }
  return [...names];
}

// The one build of every process in apps/: bundles the process with its workspace packages (@sda/*, TypeScript
// sources) and the dependencies above; every other third-party dependency stays in node_modules and is loaded at run
// time, resolving from apps/<app>/dist exactly as it resolves from the sources.
export default defineConfig({
  entry: ["src/main.ts"],
  format: ["esm"],
  target: "node24",
  platform: "node",
  outDir: "dist",
  clean: true,
  sourcemap: true,
  // A string matches the package and its subpaths (`nanoid`, `nanoid/non-secure`).
  noExternal: [/^@sda\//, ...nestedWorkspaceDependencies()],
  skipNodeModulesBundle: true,
});
