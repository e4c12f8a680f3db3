// Generates the Prisma client after `npm install`/`npm ci` without network access.
// Prisma 7's CLI wants a schema-engine binary even for `generate`, which does not use it; pointing
// PRISMA_SCHEMA_ENGINE_BINARY at any existing file lets generate run offline (migrations are applied by our own
// step, see packages/ledger/src/migrate.ts).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1", CHECKPOINT_DISABLE: "1" };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY || !existsSync(env.PRISMA_SCHEMA_ENGINE_BINARY)) {
  env.PRISMA_SCHEMA_ENGINE_BINARY = process.execPath;
}
const result = spawnSync("npx", ["--no-install", "prisma", "generate"], { stdio: "inherit", env });
process.exit(result.status ?? 1);
