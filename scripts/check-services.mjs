// `npm test` runs this first: the tests talk to the real Redis and PostgreSQL, so say which one is down and how to
// start it instead of failing with connection errors deep inside a suite.
import { spawnSync } from "node:child_process";

const result = spawnSync("bash", ["scripts/services.sh", "check"], { stdio: "inherit" });
process.exit(result.status ?? 1);
