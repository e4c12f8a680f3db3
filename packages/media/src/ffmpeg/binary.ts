import { accessSync, constants } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * The ffmpeg binary to run: `configured` (`FFMPEG_PATH`) when given, else the static build shipped by the npm package
 * `@ffmpeg-installer/ffmpeg` (its platform package, e.g. `@ffmpeg-installer/linux-x64`, installs from the registry
 * with the binary inside; nothing is downloaded at install or run time).
 * @returns an absolute path, or null when neither exists or is executable (the caller answers 502 then).
 */
export function resolveFfmpegPath(configured?: string): string | null {
  if (configured) return isExecutable(configured) ? configured : null;
  try {
    const installer = require("@ffmpeg-installer/ffmpeg") as { path?: unknown };
    return typeof installer.path === "string" && isExecutable(installer.path) ? installer.path : null;
  } catch {
    // The installer throws for platforms it has no binary for.
    return null;
  }
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
