/** A progress line on stderr while something runs; silent when stderr is not a terminal (pipes, CI, tests). */
export interface Progress {
  /** Shows `text` (with a bar when `done`/`total` are given) until the next update or `stop`. */
  update(text: string, done?: number, total?: number): void;
  /** Clears the line. */
  stop(): void;
}

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
const BAR_WIDTH = 20;

/** `[########------------] 8/20` */
function bar(done: number, total: number): string {
  const filled = total > 0 ? Math.min(BAR_WIDTH, Math.round((done / total) * BAR_WIDTH)) : 0;
  return `[${"#".repeat(filled)}${"-".repeat(BAR_WIDTH - filled)}] ${done}/${total}`;
}

/** A spinner (10 frames a second) with a text and an optional bar, on `stream` when it is a TTY. */
export function progressOn(stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY) return { update() {}, stop() {} };
  let line = "";
  let frame = 0;
  let timer: NodeJS.Timeout | undefined;
  const draw = () => {
    stream.write(`\r\x1b[2K${FRAMES[frame++ % FRAMES.length]} ${line}`);
  };
  return {
    update(text, done, total) {
      line = done === undefined || total === undefined ? text : `${bar(done, total)} ${text}`;
      if (!timer) {
        timer = setInterval(draw, 100);
        timer.unref();
      }
      draw();
    },
    stop() {
      if (!timer) return;
      clearInterval(timer);
      timer = undefined;
      stream.write("\r\x1b[2K");
    },
  };
}
