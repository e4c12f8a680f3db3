import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { syntheticAudioCase } from "@sda/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Spool } from "./spool.ts";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "spool-test-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("download spool", () => {
  it("a follower started before the first byte reads the whole download, in order, while it is written", async () => {
    const audio = syntheticAudioCase().audio;
    const spool = await Spool.create(path.join(dir, "a"));
    const source = new PassThrough();
    const followed = buffer(spool.follow());
    const filled = spool.fill(source);
    // Feed the recorded file in uneven pieces with pauses, as a network would.
    for (let offset = 0; offset < audio.length; offset += 50_000) {
      source.write(audio.subarray(offset, offset + 50_000));
      await new Promise((r) => setImmediate(r));
    }
    source.end();
    expect(await filled).toBe(audio.length);
    expect((await followed).equals(audio)).toBe(true);
    expect((await readFile(spool.path)).equals(audio)).toBe(true);
    await spool.close();
  });

  it("a failed download ends its followers with the download's error", async () => {
    const spool = await Spool.create(path.join(dir, "b"));
    const source = new PassThrough();
    const followed = buffer(spool.follow());
    const filled = spool.fill(source);
    source.write(Buffer.from("partial"));
    source.destroy(new Error("connection reset"));
    await expect(filled).rejects.toThrow("connection reset");
    await expect(followed).rejects.toThrow("connection reset");
    await spool.close();
  });

  it("a follower started after the download reads the complete file", async () => {
    const spool = await Spool.create(path.join(dir, "c"));
    await spool.fill(Readable.from([Buffer.from("abc"), Buffer.from("def")]));
    expect((await buffer(spool.follow())).toString()).toBe("abcdef");
    await spool.close();
  });
});
