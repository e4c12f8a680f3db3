import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Walks up from the directory of `fromUrl` (an `import.meta.url`) until `relative` exists below a directory, and
 * returns that path. Works the same from the TypeScript sources and from a bundled `dist/` file, which sit at
 * different depths. @returns null when no ancestor holds it.
 */
export function findUpwards(fromUrl: string, relative: string): string | null {
  let dir = path.dirname(fileURLToPath(fromUrl));
  for (;;) {
    const candidate = path.join(dir, relative);
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}
