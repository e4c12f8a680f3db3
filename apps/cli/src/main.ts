import { EnvError } from "@sda/core";
import { loadServiceEnv } from "@sda/services/env";
import { runCommand, USAGE, UsageError } from "./commands.ts";

// The operator CLI (keys are never created through the API: SPEC §1).
const argv = process.argv.slice(2);
try {
  const config = loadServiceEnv();
  const output = await runCommand(argv, config);
  console.log(argv.includes("--json") ? JSON.stringify(output.json, null, 2) : output.text);
  process.exitCode = output.exitCode ?? 0;
} catch (error) {
  if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
  else if (error instanceof EnvError) console.error(error.message);
  else console.error(`error: ${(error as Error).message}`);
  process.exit(error instanceof UsageError ? 2 : 1);
}
