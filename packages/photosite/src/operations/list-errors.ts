import { PlatformNotFound } from "../client/failures.ts";
import { profileNotFound } from "../client/profile.ts";

/**
 * Runs a profile list read, turning the platform's "no such target" (a missing connection, HTTP 404) into 404
 * `profile_not_found` for `who`.
 */
export async function mapListNotFound<T>(who: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof PlatformNotFound) throw profileNotFound(who);
    throw error;
  }
}
