import { test } from "vitest";
import { startStack } from "./stack.ts";

/**
 * A vitest `test` with a whole service for the test file (`stack`: replay upstream, gateway on a free port, in-process
 * workers, closed after the file), instead of copied `beforeAll`/`afterAll` blocks. Files that need another set-up
 * (extra env, workers as processes, replay delays) call `startStack(options)` themselves.
 *
 * ```ts
 * stackTest("answers 200", async ({ stack }) => { const { key } = await stack.account(10); … });
 * ```
 */
export const stackTest = test.extend(
  "stack",
  { scope: "file" },
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this destructuring
  async ({}, { onCleanup }) => {
    const stack = await startStack();
    onCleanup(() => stack.close());
    return stack;
  },
);
