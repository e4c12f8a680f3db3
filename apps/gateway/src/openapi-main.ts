import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { serviceOpenApi } from "./openapi-document.ts";

/**
 * `npm run openapi [-- <file>]`: writes the OpenAPI document (default `openapi.json` in the working directory), for
 * `redocly lint` and the typed client's generator. Needs no running service, Redis or PostgreSQL.
 */
const out = process.argv[2] ?? "openapi.json";
mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
writeFileSync(out, `${JSON.stringify(serviceOpenApi(), null, 2)}\n`);
process.stdout.write(`wrote ${out}\n`);
