import { EventEmitter, once } from "node:events";
import { type FileHandle, open } from "node:fs/promises";
import { Readable } from "node:stream";

const READ_CHUNK = 64 * 1024;

/**
 * A download written to a file while readers stream it from the same file as it grows.
 *
 * Why: the re-encode is slower than the network for long media (ffmpeg's speech encoder runs at a few hundred times real
 * time, so 90 minutes take 20-30 s of CPU), and piping the download straight into ffmpeg would let its back-pressure
 * stretch the download past its 20 s budget. With the spool the download runs at network speed and is timed alone,
 * ffmpeg starts on the first bytes and follows behind, memory stays at one read buffer, and the spooled file is still
 * there when a container needs a seekable input (MP4 with its index at the end).
 */
export class Spool {
  readonly #handle: FileHandle;
  readonly #events = new EventEmitter();
  #written = 0;
  #done = false;
  #failure: unknown = null;

  private constructor(
    readonly path: string,
    handle: FileHandle,
  ) {
    this.#handle = handle;
  }

  /** Creates (truncates) the spool file. */
  static async create(path: string): Promise<Spool> {
    return new Spool(path, await open(path, "w+"));
  }

  /** Bytes written so far. */
  get size(): number {
    return this.#written;
  }

  /**
   * Writes `source` to the file, chunk by chunk, waking followers after each chunk.
   * @returns the number of bytes written once the source has ended and every byte is on disk.
   * @throws the source's error (followers get it too).
   */
  async fill(source: Readable): Promise<number> {
    try {
      for await (const chunk of source) {
        const bytes = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
        let offset = 0;
        while (offset < bytes.length) {
          const { bytesWritten } = await this.#handle.write(
            bytes,
            offset,
            bytes.length - offset,
            this.#written,
          );
          offset += bytesWritten;
          this.#written += bytesWritten;
        }
        this.#events.emit("grow");
      }
      this.#done = true;
      this.#events.emit("grow");
      return this.#written;
    } catch (error) {
      this.fail(error);
      throw error;
    }
  }

  /** Ends every follower with `error` (a failed or abandoned download). */
  fail(error: unknown): void {
    if (this.#done || this.#failure !== null) return;
    this.#failure = error ?? new Error("spool failed");
    this.#events.emit("grow");
  }

  /** A stream of the file from its first byte that waits for more while the download runs and ends with it. */
  follow(): Readable {
    return Readable.from(this.#chunks(), { objectMode: false });
  }

  async *#chunks(): AsyncGenerator<Buffer> {
    let position = 0;
    for (;;) {
      if (position < this.#written) {
        const buffer = Buffer.allocUnsafe(Math.min(READ_CHUNK, this.#written - position));
        const { bytesRead } = await this.#handle.read(buffer, 0, buffer.length, position);
        position += bytesRead;
        yield buffer.subarray(0, bytesRead);
        continue;
      }
      if (this.#failure !== null) throw this.#failure;
      if (this.#done) return;
      await once(this.#events, "grow");
    }
  }

  /** Closes the file handle (the file itself is removed with the job's temp dir). */
  async close(): Promise<void> {
    this.fail(new Error("spool closed"));
    await this.#handle.close().catch(() => undefined);
  }
}
