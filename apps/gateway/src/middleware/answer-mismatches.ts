import type { z } from "zod";

/** One place where an answer departs from its documented schema. */
export interface AnswerMismatch {
  /** Dotted path inside the checked value (`comments.3.likeCount`); `""` for the value itself. */
  path: string;
  /** What the schema expected (zod's message, e.g. "Invalid input: expected number, received null"). */
  message: string;
}

/**
 * Checks an answer against the schema that documents it (an operation's `output` for `data`, a resource schema, an
 * error envelope). Never throws: the mismatches are returned for the caller to log or assert on.
 * @returns the mismatches, empty when the value matches (at most `limit`, default 20).
 */
export function answerMismatches(schema: z.ZodType, value: unknown, limit = 20): AnswerMismatch[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.slice(0, limit).map((issue) => ({
    path: issue.path.map(String).join("."),
    message: issue.message,
  }));
}
