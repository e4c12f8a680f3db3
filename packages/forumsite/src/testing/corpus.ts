import { ServiceError } from "@sda/core";
import { entryBody, type HarEntry, recordedCase } from "@sda/replay";

/**
 * Test support (imported by `*.test.ts` only): the recorded forumsite cases, and a helper for expected errors, read straight from the HAR files so the
 * readers are tested on the platform's real answers.
 */

/** The entries of a forumsite case. */
export function forumEntries(caseId: string): HarEntry[] {
  return recordedCase("forumsite", caseId);
}

/** The recorded answer of entry `index` of a case, parsed as JSON (as the platform sent it, escaping included). */
export function recordedJson(caseId: string, index = 0): unknown {
  const entry = forumEntries(caseId)[index];
  if (!entry) throw new Error(`${caseId} has no entry ${index}`);
  return JSON.parse(entryBody(entry).toString("utf8"));
}

/** The ServiceError a promise rejects with. @throws Error when it resolves or rejects with anything else. */
export async function serviceFailure(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error("expected a ServiceError");
}
