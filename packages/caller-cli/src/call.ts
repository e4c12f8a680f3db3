import { ApiError, type Client, type JobHandle } from "@sda/client";
import type { Invocation } from "./args.ts";
import type { Command } from "./document.ts";
import { rowsOf } from "./output.ts";
import type { Progress } from "./progress.ts";

/** How a command's call ended: the answer's `data` (every item for `--all`) and the credits charged in all. */
export interface Outcome {
  data: unknown;
  credits: number;
}

/** A batch handle or status (`POST /v1/batch`, `GET /v1/batch/{batchId}`): what the progress bar reads. */
interface BatchState {
  batchId: string;
  status: string;
  total?: number;
  done?: number;
  pollUrl: string;
}

type Raw = { data?: unknown; error?: unknown; response: Response };
type Request = (method: string, path: string, init: object) => Promise<Raw>;

const credits = (response: Response) => Number(response.headers.get("x-service-credits") ?? 0) || 0;
const BATCH_POLL_MS = 1000;

/** One request of the command, through the client's openapi-fetch instance; a non-2xx answer throws. */
async function send(client: Client, command: Command, invocation: Invocation, query: object): Promise<Raw> {
  const request = client.http.request as unknown as Request;
  const answer = await request(command.method.toUpperCase(), command.path, {
    params: { query, path: invocation.path, header: invocation.header },
    ...(invocation.body === undefined ? {} : { body: invocation.body }),
  });
  if (answer.error !== undefined || !answer.response.ok) throw ApiError.from(answer.response, answer.error);
  return answer;
}

/** Polls a batch's `pollUrl` every second until it is neither queued nor running, with a bar of `done/total`. */
async function waitForBatch(client: Client, start: BatchState, progress: Progress): Promise<unknown> {
  const request = client.http.request as unknown as Request;
  let state = start;
  for (;;) {
    progress.update(`batch ${state.batchId} ${state.status}`, state.done ?? 0, state.total ?? 0);
    if (state.status !== "queued" && state.status !== "running") return state;
    await new Promise((resolve) => setTimeout(resolve, BATCH_POLL_MS));
    const answer = await request("GET", state.pollUrl, {});
    if (answer.error !== undefined || !answer.response.ok) throw ApiError.from(answer.response, answer.error);
    state = (answer.data as { data: BatchState }).data;
  }
}

/** The `data` of a 2xx answer; a 202 is waited for (a job through `waitForJob`, a batch by polling) unless `--no-wait`. */
async function settle(
  client: Client,
  answer: Raw,
  invocation: Invocation,
  progress: Progress,
): Promise<Outcome> {
  const data = (answer.data as { data?: unknown } | undefined)?.data;
  if (answer.response.status !== 202 || !invocation.wait || !data || typeof data !== "object")
    return { data, credits: credits(answer.response) };
  if ("jobId" in data) {
    const handle = data as JobHandle;
    progress.update(`job ${handle.jobId} ${handle.status}: waiting for the answer`);
    const final = await client.waitForJob(handle);
    return { data: (final.body as { data?: unknown }).data, credits: credits(final.response) };
  }
  if ("batchId" in data && "pollUrl" in data)
    return { data: await waitForBatch(client, data as BatchState, progress), credits: 0 };
  return { data, credits: credits(answer.response) };
}

/**
 * Runs a command: one call, or with `--all` one call per page (passing each page's `nextCursor` as `cursor` until
 * `hasMore` is false or `--max-pages`), its items gathered in order. A progress line shows on a terminal.
 * @throws ApiError for any failed answer (of the call, its job or a page).
 */
export async function runCommand(
  client: Client,
  command: Command,
  invocation: Invocation,
  progress: Progress,
): Promise<Outcome> {
  try {
    if (!invocation.all)
      return await settle(
        client,
        await send(client, command, invocation, invocation.query),
        invocation,
        progress,
      );
    const items: unknown[] = [];
    let spent = 0;
    let cursor = invocation.query.cursor;
    for (let page = 1; page <= invocation.maxPages; page++) {
      progress.update(`page ${page}, ${items.length} items so far`);
      const query = { ...invocation.query, ...(cursor ? { cursor } : {}) };
      const outcome = await settle(
        client,
        await send(client, command, invocation, query),
        invocation,
        progress,
      );
      spent += outcome.credits;
      items.push(...rowsOf(outcome.data));
      const { nextCursor, hasMore } = (outcome.data ?? {}) as {
        nextCursor?: string | null;
        hasMore?: boolean;
      };
      if (!hasMore || !nextCursor) break;
      cursor = nextCursor;
    }
    return { data: items, credits: spent };
  } finally {
    progress.stop();
  }
}
