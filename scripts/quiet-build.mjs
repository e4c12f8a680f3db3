// `npm run demo`'s build: the same `turbo run build`, with its ~130 lines of progress kept back. A person waiting
// for the demo's banner sees one line; when the build fails they see all of it.
import { spawn } from "node:child_process";

const started = Date.now();
const child = spawn("npx", ["turbo", "run", "build", "--output-logs=errors-only"], {
  stdio: ["ignore", "pipe", "pipe"],
});
const output = [];
child.stdout.on("data", (chunk) => output.push(chunk));
child.stderr.on("data", (chunk) => output.push(chunk));
child.on("exit", (code, signal) => {
  if (code === 0) {
    console.log(
      `built the processes in ${((Date.now() - started) / 1000).toFixed(1)} s (npm run build shows the details)`,
    );
    return;
  }
  process.stderr.write(Buffer.concat(output));
  process.exit(code ?? (signal ? 1 : 0));
});
