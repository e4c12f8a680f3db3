// `npm run demo` runs this before its ~45 s build: the ports the demo will listen on (PORT, default 3000;
// DEMO_INBOX_PORT, default 3001; REPLAY_PORT when set) must be free, so a busy one is said at once with what to set,
// not after the build. 0 means "any free port" and is not checked.
import { createServer } from "node:net";

const env = { ...process.env };
const wanted = [
  ["PORT", env.PORT ?? "3000"],
  ["DEMO_INBOX_PORT", env.DEMO_INBOX_PORT ?? "3001"],
  ["REPLAY_PORT", env.REPLAY_PORT ?? "0"],
];

/** Resolves null when `port` can be bound on 127.0.0.1, else the error's code (EADDRINUSE, EACCES, …). */
function tryListen(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", (error) => resolve(error.code ?? String(error)));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(null)));
  });
}

let busy = 0;
for (const [name, value] of wanted) {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`${name}=${value} is not a port (0–65535)`);
    busy++;
    continue;
  }
  if (port === 0) continue;
  const problem = await tryListen(port);
  if (problem) {
    console.error(`port ${port} (${name}) cannot be used: ${problem}; set ${name} to a free port (0: any)`);
    busy++;
  }
}
process.exit(busy ? 1 : 0);
