import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { defaultCorpusDir } from "@sda/testing";
import { expect } from "vitest";
import type { Stack } from "./stack.ts";

const FINISHED = ["succeeded", "failed", "skipped"];

/** Queues a run of the monitor now (the test trigger) and waits until that run has finished; returns it. */
export async function runNow(stack: Stack, monitorId: string) {
  const { monitors } = stack.gateway.deps;
  const jobKey = await monitors.scheduler.runNow(monitorId);
  await expect
    .poll(async () => (await monitors.store.runs.runByJob(jobKey))?.status, { timeout: 30_000, interval: 50 })
    .toSatisfy((status) => FINISHED.includes(String(status)));
  const run = await monitors.store.runs.runByJob(jobKey);
  if (!run) throw new Error(`run of job ${jobKey} not found`);
  return run;
}

/** Waits until a delivery of the monitor reaches `succeeded` or `failed`; returns it as the API lists it. */
export async function finishedDelivery(stack: Stack, key: string, monitorId: string, deliveryId: string) {
  let found: { status: string } & Record<string, unknown> = { status: "pending" };
  await expect
    .poll(
      async () => {
        const listed = await stack.get(`/v1/monitors/${monitorId}/deliveries`, key);
        found = listed.body.data.deliveries.find((d: { id: string }) => d.id === deliveryId) ?? found;
        return found.status;
      },
      { timeout: 30_000, interval: 100 },
    )
    .not.toBe("pending");
  return found;
}

/**
 * A test-only replay case (a new temp dir, never the corpus): the recorded `r/popular/hot` listing of corpus case
 * `forumsite/r-popular-hot` with three more posts at its top (copies of its first post with new ids and titles), as
 * the listing reads once three posts were submitted. Marked `_synthetic` with the reason.
 * @returns the directory to serve and the three new posts' fullnames, newest first.
 */
export async function writeThreeMorePostsCase(): Promise<{ dir: string; fullnames: string[] }> {
  const source = path.join(defaultCorpusDir(process.env.CORPUS_DIR), "forumsite", "r-popular-hot.har");
  const har = JSON.parse(await readFile(source, "utf8"));
  const entry = har.log.entries[0];
  const listing = JSON.parse(entry.response.content.text);
  const first = listing.data.children[0];
  const fullnames: string[] = [];
  const added = [1, 2, 3].map((n) => {
    const id = `synth0${n}`;
    fullnames.push(`t3_${id}`);
    return {
      ...first,
      data: {
        ...first.data,
        id,
        name: `t3_${id}`,
        title: `Synthetic new post ${n}`,
        permalink: `/r/test/comments/${id}/`,
      },
    };
  });
  listing.data.children = [...added, ...listing.data.children];
  const text = JSON.stringify(listing);
  const why = "a monitor test needs the listing as it reads after three new posts (no such recording exists)";
  const copy = {
    log: {
      ...har.log,
      _case: { id: "r-popular-hot-3-more", platform: "forumsite", covers: why },
      entries: [
        {
          ...entry,
          response: {
            ...entry.response,
            content: { ...entry.response.content, text, size: Buffer.byteLength(text) },
          },
          _source: "synthetic (corpus case forumsite/r-popular-hot with three posts added at the top)",
          _synthetic: true,
          _syntheticWhy: why,
        },
      ],
    },
  };
  const dir = await mkdtemp(path.join(tmpdir(), "synthetic-monitor-"));
  await mkdir(path.join(dir, "forumsite"), { recursive: true });
  await writeFile(path.join(dir, "forumsite", "r-popular-hot-3-more.har"), JSON.stringify(copy));
  return { dir, fullnames };
}
